package dev.memloop.memory.index;

class FlatIndexContractTest extends VectorIndexContract {
  @Override
  protected VectorIndex newIndex(int dimension) {
    return ExactIndex.flat(dimension);
  }
}
