package dev.memloop.memory;

/** The thread safe memory meets the contract. */
class ThreadSafeMemoryContractTest extends WorkingMemoryContract {

  @Override
  protected WorkingMemory newMemory() {
    return WorkingMemory.builder(EMBEDDER).threadSafe().build();
  }
}
