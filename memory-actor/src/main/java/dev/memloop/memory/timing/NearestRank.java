package dev.memloop.memory.timing;

/**
 * Percentiles by the paper's nearest-rank rule: the value at index {@code floor(p * n)} of the sorted
 * samples, clamped to the last one. The median of n samples is therefore the sorted value at
 * {@code floor(n / 2)}, and p99 of 100 samples is the largest.
 */
public final class NearestRank {

  private NearestRank() {}

  /**
   * @param sorted samples in ascending order; only the first {@code n} are read
   * @param p a fraction in [0, 1]
   * @return the percentile, or 0 when {@code n == 0}
   */
  public static long percentile(long[] sorted, int n, double p) {
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("percentile fraction must be in [0, 1]: " + p);
    }
    if (n < 0 || n > sorted.length) {
      throw new IllegalArgumentException("sample count " + n + " outside [0, " + sorted.length + "]");
    }
    if (n == 0) {
      return 0;
    }
    return sorted[Math.min(n - 1, (int) Math.floor(p * n))];
  }
}
