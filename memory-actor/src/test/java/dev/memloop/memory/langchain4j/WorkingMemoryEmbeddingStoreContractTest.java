package dev.memloop.memory.langchain4j;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.EmbeddingStoreWithFilteringIT;
import dev.memloop.memory.embed.HashingEmbedder;

/** langchain4j's published contract for stores with metadata filtering, run against memloop's store. */
class WorkingMemoryEmbeddingStoreContractTest extends EmbeddingStoreWithFilteringIT {

  static final EmbeddingModel MODEL = new EmbedderEmbeddingModel(new HashingEmbedder(64));

  private final WorkingMemoryEmbeddingStore store = WorkingMemoryEmbeddingStore.create(64);

  @Override
  protected EmbeddingStore<TextSegment> embeddingStore() {
    return store;
  }

  @Override
  protected EmbeddingModel embeddingModel() {
    return MODEL;
  }

  /** Filters are evaluated by langchain4j itself, so {@code containsString} works like every other filter. */
  @Override
  protected boolean supportsContains() {
    return true;
  }
}
