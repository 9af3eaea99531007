package dev.memloop.memory.timing;

import java.util.Arrays;
import java.util.Collection;

/**
 * The one percentile rule of memloop, the paper's nearest rank: of n samples sorted ascending, the value at index
 * {@code floor(p * n)}, clamped to the last. The median of n samples is therefore the sorted value at
 * {@code floor(n / 2)} (the upper of the two central values when n is even), and p99 of 100 samples is the
 * largest. Every table, benchmark and report that holds raw samples takes its percentiles here; where samples are
 * streamed instead of kept (fleets), HdrHistogram's percentiles are used, and the report says so. Stateless.
 */
public final class NearestRank {

  private NearestRank() {}

  /**
   * @param sorted samples in ascending order; only the first {@code n} are read
   * @param p a fraction in [0, 1]
   * @return the percentile, or 0 when {@code n == 0}
   */
  public static long percentile(long[] sorted, int n, double p) {
    check(p);
    if (n < 0 || n > sorted.length) {
      throw new IllegalArgumentException("sample count " + n + " outside [0, " + sorted.length + "]");
    }
    return n == 0 ? 0 : sorted[index(n, p)];
  }

  /**
   * The percentile of samples in any order (they are copied, never reordered).
   *
   * @param p a fraction in [0, 1]
   * @throws IllegalArgumentException when there is no sample, or {@code p} is outside [0, 1]
   */
  public static long of(long[] samples, double p) {
    check(p);
    requireSamples(samples.length);
    long[] sorted = samples.clone();
    Arrays.sort(sorted);
    return sorted[index(sorted.length, p)];
  }

  /** As {@link #of(long[], double)}. */
  public static long of(Collection<Long> samples, double p) {
    return of(samples.stream().mapToLong(Long::longValue).toArray(), p);
  }

  /** As {@link #of(long[], double)}, for measurements that are not counts (ratios, similarities). */
  public static double of(double[] samples, double p) {
    check(p);
    requireSamples(samples.length);
    double[] sorted = samples.clone();
    Arrays.sort(sorted);
    return sorted[index(sorted.length, p)];
  }

  /** The median by this rule: the sorted value at {@code floor(n / 2)}. */
  public static long median(long[] samples) {
    return of(samples, 0.5);
  }

  /** The median by this rule, or NaN when there is no sample. */
  public static double median(double[] samples) {
    return samples.length == 0 ? Double.NaN : of(samples, 0.5);
  }

  private static int index(int n, double p) {
    return Math.min(n - 1, (int) Math.floor(p * n));
  }

  private static void check(double p) {
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("percentile fraction must be in [0, 1]: " + p);
    }
  }

  private static void requireSamples(int n) {
    if (n == 0) {
      throw new IllegalArgumentException("no samples to take a percentile of");
    }
  }
}
