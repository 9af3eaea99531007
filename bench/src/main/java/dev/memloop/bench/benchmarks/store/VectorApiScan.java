package dev.memloop.bench.benchmarks.store;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The reference scan, written the way a Java developer would with the Vector API: one contiguous
 * {@code float[]}, a dot product per row with one (or four) FMA accumulators, and a bounded min-heap for
 * the top k. It is the floor memloop's exact index is measured against.
 */
final class VectorApiScan implements SearchCompetitor<int[]> {

  private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;

  private final float[] rows;
  private final int dimension;
  private final int n;
  private final boolean fourAccumulators;
  private final float[] heapScores = new float[1024];
  private final int[] heapItems = new int[1024];

  VectorApiScan(float[][] data, boolean fourAccumulators) {
    this.n = data.length;
    this.dimension = data[0].length;
    this.fourAccumulators = fourAccumulators;
    this.rows = new float[n * dimension];
    for (int i = 0; i < n; i++) {
      System.arraycopy(data[i], 0, rows, i * dimension, dimension);
    }
  }

  @Override
  public int[] search(float[] query, int k) {
    int size = 0;
    for (int r = 0; r < n; r++) {
      float score = fourAccumulators ? dot4(query, r * dimension) : dot1(query, r * dimension);
      if (size < k) {
        size = push(score, r, size);
      } else if (score > heapScores[0]) {
        replaceTop(score, r, size);
      }
    }
    int[] out = new int[size];
    for (int i = size - 1; i >= 0; i--) { // pop the worst first
      out[i] = heapItems[0];
      heapScores[0] = heapScores[i];
      heapItems[0] = heapItems[i];
      siftDown(0, i);
    }
    return out;
  }

  @Override
  public int[] indexes(int[] result) {
    return result;
  }

  private float dot1(float[] query, int offset) {
    FloatVector acc = FloatVector.zero(SPECIES);
    int i = 0;
    for (int bound = SPECIES.loopBound(dimension); i < bound; i += SPECIES.length()) {
      acc = FloatVector.fromArray(SPECIES, rows, offset + i).fma(FloatVector.fromArray(SPECIES, query, i), acc);
    }
    float sum = acc.reduceLanes(VectorOperators.ADD);
    for (; i < dimension; i++) {
      sum += rows[offset + i] * query[i];
    }
    return sum;
  }

  private float dot4(float[] query, int offset) {
    FloatVector a0 = FloatVector.zero(SPECIES), a1 = a0, a2 = a0, a3 = a0;
    int step = SPECIES.length();
    int i = 0;
    for (int bound = dimension - 4 * step; i <= bound; i += 4 * step) {
      a0 = FloatVector.fromArray(SPECIES, rows, offset + i).fma(FloatVector.fromArray(SPECIES, query, i), a0);
      a1 = FloatVector.fromArray(SPECIES, rows, offset + i + step).fma(FloatVector.fromArray(SPECIES, query, i + step), a1);
      a2 = FloatVector.fromArray(SPECIES, rows, offset + i + 2 * step)
          .fma(FloatVector.fromArray(SPECIES, query, i + 2 * step), a2);
      a3 = FloatVector.fromArray(SPECIES, rows, offset + i + 3 * step)
          .fma(FloatVector.fromArray(SPECIES, query, i + 3 * step), a3);
    }
    for (int bound = SPECIES.loopBound(dimension); i < bound; i += step) {
      a0 = FloatVector.fromArray(SPECIES, rows, offset + i).fma(FloatVector.fromArray(SPECIES, query, i), a0);
    }
    float sum = a0.add(a1).add(a2.add(a3)).reduceLanes(VectorOperators.ADD);
    for (; i < dimension; i++) {
      sum += rows[offset + i] * query[i];
    }
    return sum;
  }

  private int push(float score, int item, int size) {
    int i = size;
    heapScores[i] = score;
    heapItems[i] = item;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (heapScores[parent] <= heapScores[i]) {
        break;
      }
      swap(i, parent);
      i = parent;
    }
    return size + 1;
  }

  private void replaceTop(float score, int item, int size) {
    heapScores[0] = score;
    heapItems[0] = item;
    siftDown(0, size);
  }

  private void siftDown(int i, int size) {
    while (true) {
      int left = 2 * i + 1;
      if (left >= size) {
        return;
      }
      int smaller = left + 1 < size && heapScores[left + 1] < heapScores[left] ? left + 1 : left;
      if (heapScores[i] <= heapScores[smaller]) {
        return;
      }
      swap(i, smaller);
      i = smaller;
    }
  }

  private void swap(int i, int j) {
    float s = heapScores[i];
    heapScores[i] = heapScores[j];
    heapScores[j] = s;
    int t = heapItems[i];
    heapItems[i] = heapItems[j];
    heapItems[j] = t;
  }
}
