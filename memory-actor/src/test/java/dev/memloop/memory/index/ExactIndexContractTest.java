package dev.memloop.memory.index;

class ExactIndexContractTest extends VectorIndexContract {
  @Override
  protected VectorIndex newIndex(int dimension) {
    return ExactIndex.create(dimension);
  }
}
