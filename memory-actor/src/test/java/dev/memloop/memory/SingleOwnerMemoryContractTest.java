package dev.memloop.memory;

/** The single owner memory meets the contract. */
class SingleOwnerMemoryContractTest extends WorkingMemoryContract {

  @Override
  protected WorkingMemory newMemory() {
    return WorkingMemory.allocate(EMBEDDER);
  }
}
