package dev.memloop.memory.langchain4j;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.memloop.memory.Embedder;
import java.util.Objects;

/**
 * A langchain4j {@link EmbeddingModel} seen as a memloop {@link Embedder}: any model langchain4j supports
 * (in-process ONNX, OpenAI, Ollama...) can back a {@link dev.memloop.memory.WorkingMemory}. The
 * dimension is asked once, at construction (some models embed a probe text to learn it).
 * Thread-safe when the model is.
 */
public final class EmbeddingModelEmbedder implements Embedder {

  private final EmbeddingModel model;
  private final int dimension;
  private final String name;

  public EmbeddingModelEmbedder(EmbeddingModel model) {
    this(model, model.modelName() == null || model.modelName().equals("unknown")
        ? model.getClass().getSimpleName() : model.modelName());
  }

  /** As {@link #EmbeddingModelEmbedder(EmbeddingModel)}, under a name of the caller's choosing for reports. */
  public EmbeddingModelEmbedder(EmbeddingModel model, String name) {
    this.model = Objects.requireNonNull(model, "model");
    this.dimension = model.dimension();
    if (dimension <= 0) {
      throw new IllegalArgumentException("model " + name + " reports dimension " + dimension);
    }
    this.name = Objects.requireNonNull(name, "name");
  }

  @Override
  public float[] embed(String text) {
    // vector() hands out the embedding's own array; copy it so the caller may own and modify the result
    return model.embed(text).content().vector().clone();
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public String name() {
    return name;
  }
}
