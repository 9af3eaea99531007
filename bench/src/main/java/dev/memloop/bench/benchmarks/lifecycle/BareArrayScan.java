package dev.memloop.bench.benchmarks.lifecycle;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The floor of {@link Lifecycle}: one array, copied into, scanned with the Vector API, top k picked; no ids, checks
 * or timings. A class of its own so that only running it needs {@code jdk.incubator.vector}: picocli lists
 * {@link Lifecycle}'s constants for every command line, and a Vector API field there made the whole CLI fail with
 * {@code NoClassDefFoundError} when the module was not added.
 */
final class BareArrayScan {

  private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED;

  private BareArrayScan() {}

  /** How many of the {@code k} best items were picked (all of them: what is measured is the work). */
  static int topK(float[][] items, float[] query, int k) {
    int d = query.length;
    float[] rows = new float[items.length * d];
    for (int i = 0; i < items.length; i++) {
      System.arraycopy(items[i], 0, rows, i * d, d);
    }
    float[] scores = new float[items.length];
    for (int i = 0; i < items.length; i++) {
      FloatVector acc = FloatVector.zero(FLOATS);
      for (int j = 0; j < d; j += FLOATS.length()) { // d is a multiple of the lane count here
        acc = FloatVector.fromArray(FLOATS, rows, i * d + j).fma(FloatVector.fromArray(FLOATS, query, j), acc);
      }
      scores[i] = acc.reduceLanes(VectorOperators.ADD);
    }
    int[] top = new int[Math.min(k, items.length)];
    for (int t = 0; t < top.length; t++) { // k passes of selection: the simplest top k for a handful of items
      int best = -1;
      for (int i = 0; i < scores.length; i++) {
        if (best < 0 || scores[i] > scores[best]) {
          best = i;
        }
      }
      top[t] = best;
      scores[best] = Float.NEGATIVE_INFINITY;
    }
    return top.length;
  }
}
