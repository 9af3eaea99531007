package dev.memloop.memory.index;

class HnswIndexContractTest extends VectorIndexContract {
  @Override
  protected VectorIndex newIndex(int dimension) {
    return new HnswVectorIndex(dimension, HnswVectorIndex.Parameters.DEFAULT);
  }
}
