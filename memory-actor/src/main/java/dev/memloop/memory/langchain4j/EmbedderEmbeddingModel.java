package dev.memloop.memory.langchain4j;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import dev.memloop.memory.Embedder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A memloop {@link Embedder} seen as a langchain4j {@link EmbeddingModel}, so that memloop's local
 * embedders serve any langchain4j pipeline. Thread-safe when the embedder is.
 */
public final class EmbedderEmbeddingModel implements EmbeddingModel {

  private final Embedder embedder;

  public EmbedderEmbeddingModel(Embedder embedder) {
    this.embedder = Objects.requireNonNull(embedder, "embedder");
  }

  @Override
  public Response<List<Embedding>> embedAll(List<TextSegment> segments) {
    if (segments == null) {
      throw new IllegalArgumentException("segments must not be null");
    }
    List<Embedding> embeddings = new ArrayList<>(segments.size());
    for (TextSegment segment : segments) {
      embeddings.add(Embedding.from(embedder.embed(segment.text())));
    }
    return Response.from(embeddings);
  }

  @Override
  public int dimension() {
    return embedder.dimension();
  }

  @Override
  public String modelName() {
    return embedder.name();
  }
}
