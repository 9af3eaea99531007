package dev.memloop.memory;

/** A memory that shares its content through a pool meets the contract. */
class SharedMemoryContractTest extends WorkingMemoryContract {

  private static final ContentPool POOL = ContentPool.create(EMBEDDER.dimension(), 10_000);

  @Override
  protected WorkingMemory newMemory() {
    return WorkingMemory.builder(EMBEDDER).sharing(POOL).build();
  }
}
