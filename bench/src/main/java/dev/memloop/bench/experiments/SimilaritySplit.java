package dev.memloop.bench.experiments;

import java.util.List;

/**
 * The threshold that best separates two similarity samples, "the same thing" from "different things", by Youden's
 * J (the share of the first at or above it minus the share of the second at or above it), chosen on held-out
 * data and then used unchanged by the study.
 */
final class SimilaritySplit {

  private SimilaritySplit() {}

  static double threshold(List<Double> same, List<Double> different) {
    if (same.isEmpty() || different.isEmpty()) {
      throw new IllegalArgumentException("a split needs both samples: " + same.size() + " same, " + different.size()
          + " different");
    }
    double best = 1;
    double bestJ = Double.NEGATIVE_INFINITY;
    for (double candidate : same) {
      double j = share(same, candidate) - share(different, candidate);
      // shares are ratios of small counts: equal J may differ in the last bit, and a tie goes to the higher value
      if (j > bestJ + 1e-12 || (Math.abs(j - bestJ) <= 1e-12 && candidate > best)) {
        bestJ = j;
        best = candidate;
      }
    }
    return best;
  }

  private static double share(List<Double> values, double threshold) {
    return values.stream().filter(v -> v >= threshold).count() / (double) values.size();
  }
}
