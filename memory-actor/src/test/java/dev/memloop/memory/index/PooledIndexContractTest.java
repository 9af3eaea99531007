package dev.memloop.memory.index;


/** A pooled index meets the contract, with a pass-through pool (every row its own). */
class PooledIndexContractTest extends VectorIndexContract {
  @Override
  protected VectorIndex newIndex(int dimension) {
    return new PooledIndex(dimension, 4, v -> java.util.Arrays.copyOf(v, PooledIndex.stride(dimension)));
  }
}
