package dev.memloop.bench.benchmarks.store;

/**
 * Exact top-k in double precision, the reference for recall@k. An item returned by a competitor counts as
 * correct when its true score reaches the k-th true score less a tolerance, so float rounding among
 * near-ties never counts as a miss.
 */
final class GroundTruth {

  private static final double TIE_TOLERANCE = 1e-6;

  private final float[][] data;
  private final double[] kthScore;
  private final float[][] queries;

  GroundTruth(float[][] data, float[][] queries, int k) {
    this.data = data;
    this.queries = queries;
    this.kthScore = new double[queries.length];
    for (int q = 0; q < queries.length; q++) {
      double[] scores = new double[data.length];
      for (int i = 0; i < data.length; i++) {
        scores[i] = dot(data[i], queries[q]);
      }
      java.util.Arrays.sort(scores);
      kthScore[q] = scores[Math.max(0, data.length - k)];
    }
  }

  /** Fraction of the k expected items that {@code found} holds (duplicates count once). */
  double recall(int query, int[] found, int k) {
    int expected = Math.min(k, data.length);
    long hits = java.util.Arrays.stream(found).distinct()
        .filter(i -> dot(data[i], queries[query]) >= kthScore[query] - TIE_TOLERANCE).count();
    return (double) Math.min(hits, expected) / expected;
  }

  private static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += (double) a[i] * b[i];
    }
    return sum;
  }
}
