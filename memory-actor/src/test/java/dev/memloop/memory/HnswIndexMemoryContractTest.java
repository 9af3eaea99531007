package dev.memloop.memory;

/** The hnsw index memory meets the contract. */
class HnswIndexMemoryContractTest extends WorkingMemoryContract {

  @Override
  protected WorkingMemory newMemory() {
    return WorkingMemory.builder(EMBEDDER).index(IndexKind.HNSW).build();
  }

  @Override
  protected boolean exactTies() {
    return false; // the graph ranks equal scores in no promised order
  }
}
