package dev.memloop.bench.benchmarks.store;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import java.util.List;

/** langchain4j's {@link InMemoryEmbeddingStore}, searched through its public request API. */
final class InMemoryEmbeddingStoreSearch implements SearchCompetitor<List<EmbeddingMatch<TextSegment>>> {

  private final InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();

  InMemoryEmbeddingStoreSearch(float[][] data) {
    for (int i = 0; i < data.length; i++) {
      store.add(Integer.toString(i), Embedding.from(data[i]));
    }
  }

  @Override
  public List<EmbeddingMatch<TextSegment>> search(float[] query, int k) {
    return store.search(EmbeddingSearchRequest.builder().queryEmbedding(Embedding.from(query)).maxResults(k).build())
        .matches();
  }

  @Override
  public int[] indexes(List<EmbeddingMatch<TextSegment>> result) {
    return result.stream().mapToInt(m -> Integer.parseInt(m.embeddingId())).toArray();
  }
}
