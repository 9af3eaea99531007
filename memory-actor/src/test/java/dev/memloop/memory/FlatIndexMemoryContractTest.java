package dev.memloop.memory;

/** The flat index memory meets the contract. */
class FlatIndexMemoryContractTest extends WorkingMemoryContract {

  @Override
  protected WorkingMemory newMemory() {
    return WorkingMemory.builder(EMBEDDER).index(IndexKind.FLAT).build();
  }
}
