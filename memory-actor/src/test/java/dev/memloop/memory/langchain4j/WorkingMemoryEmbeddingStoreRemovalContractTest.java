package dev.memloop.memory.langchain4j;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.EmbeddingStoreWithRemovalIT;

/** langchain4j's published contract for removal, run against memloop's store. */
class WorkingMemoryEmbeddingStoreRemovalContractTest extends EmbeddingStoreWithRemovalIT {

  private final WorkingMemoryEmbeddingStore store = WorkingMemoryEmbeddingStore.create(64);

  @Override
  protected EmbeddingStore<TextSegment> embeddingStore() {
    return store;
  }

  @Override
  protected EmbeddingModel embeddingModel() {
    return WorkingMemoryEmbeddingStoreContractTest.MODEL;
  }
}
