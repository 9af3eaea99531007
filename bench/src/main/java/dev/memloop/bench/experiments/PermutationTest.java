package dev.memloop.bench.experiments;

/**
 * The exact two-sided permutation test on the difference of two arms' means: every way of splitting the
 * pooled values into groups of the arms' sizes (C(10, 5) = 252 for two arms of five), counting the splits whose
 * absolute difference is at least the observed one. Two fully separated arms of five give 2/252 = 0.0079, the
 * smallest attainable p.
 */
public final class PermutationTest {

  private PermutationTest() {}

  public static double pValue(double[] a, double[] b) {
    if (a.length == 0 || b.length == 0 || a.length + b.length > 24) {
      throw new IllegalArgumentException("arms must have 1..23 values and at most 24 together: " + a.length + " + "
          + b.length);
    }
    double[] pooled = new double[a.length + b.length];
    System.arraycopy(a, 0, pooled, 0, a.length);
    System.arraycopy(b, 0, pooled, a.length, b.length);
    double total = 0;
    for (double v : pooled) {
      total += v;
    }
    double observed = Math.abs(mean(a) - mean(b));
    long extreme = 0, splits = 0;
    int n = pooled.length;
    for (int mask = 0; mask < (1 << n); mask++) {
      if (Integer.bitCount(mask) != a.length) {
        continue;
      }
      double sumA = 0;
      for (int i = 0; i < n; i++) {
        if ((mask & (1 << i)) != 0) {
          sumA += pooled[i];
        }
      }
      double difference = Math.abs(sumA / a.length - (total - sumA) / b.length);
      splits++;
      if (difference >= observed - 1e-12) { // ties with the observed split count as extreme
        extreme++;
      }
    }
    return (double) extreme / splits;
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }
}
