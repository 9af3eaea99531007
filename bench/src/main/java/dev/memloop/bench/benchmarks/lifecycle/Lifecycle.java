package dev.memloop.bench.benchmarks.lifecycle;

import com.github.jelmerk.hnswlib.core.DistanceFunctions;
import com.github.jelmerk.hnswlib.core.Item;
import com.github.jelmerk.hnswlib.core.hnsw.HnswIndex;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import dev.memloop.memory.WorkingMemory;
import java.util.Map;

/**
 * One ephemeral memory's whole life, as each competitor lives it: allocate, fill with pre-embedded items,
 * recall once, release. Returns something derived from the recall so the work cannot be skipped.
 */
public enum Lifecycle {

  /** memloop's default {@link WorkingMemory}, through its public API. */
  MEMLOOP("memloop WorkingMemory") {
    @Override
    int live(float[][] items, float[] query, int k) {
      try (WorkingMemory memory = WorkingMemory.builder(query.length).expectedSize(items.length).build()) {
        for (float[] item : items) {
          memory.addVector(item, null, Map.of());
        }
        return memory.recallVector(query, k).size();
      }
    }
  },

  /** The floor: one array, copied into, scanned with the Vector API, top k picked; no ids, checks or timings. */
  BARE_ARRAY("bare float[] + Vector API scan (floor)") {
    @Override
    int live(float[][] items, float[] query, int k) {
      return BareArrayScan.topK(items, query, k);
    }
  },

  HNSWLIB("hnswlib-core HnswIndex") {
    @Override
    int live(float[][] items, float[] query, int k) {
      HnswIndex<Integer, float[], Node, Float> index =
          HnswIndex.<float[], Float>newBuilder(query.length, DistanceFunctions.FLOAT_INNER_PRODUCT, items.length)
              .withM(16).withEfConstruction(200).withEf(64).build();
      for (int i = 0; i < items.length; i++) {
        index.add(new Node(i, items[i]));
      }
      return index.findNearest(query, k).size();
    }
  },

  LANGCHAIN4J("langchain4j InMemoryEmbeddingStore") {
    @Override
    int live(float[][] items, float[] query, int k) {
      InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
      for (float[] item : items) {
        store.add(Embedding.from(item));
      }
      return store.search(EmbeddingSearchRequest.builder().queryEmbedding(Embedding.from(query)).maxResults(k)
          .build()).matches().size();
    }
  };

  /** An hnswlib item. */
  record Node(Integer id, float[] vector) implements Item<Integer, float[]> {
    @Override
    public int dimensions() {
      return vector.length;
    }
  }

  private final String label;

  Lifecycle(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  abstract int live(float[][] items, float[] query, int k);
}
