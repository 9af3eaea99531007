package dev.memloop.bench.experiments;

import java.util.Arrays;

/** Percentiles by the paper's nearest-rank convention: the value at rank ceil(p/100 * n) of the sorted sample. */
public final class NearestRank {

  private NearestRank() {}

  public static long percentile(long[] values, double p) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values to take a percentile of");
    }
    if (!(p > 0 && p <= 100)) {
      throw new IllegalArgumentException("percentile must be in (0, 100]: " + p);
    }
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100 * sorted.length);
    return sorted[Math.max(rank, 1) - 1];
  }
}
