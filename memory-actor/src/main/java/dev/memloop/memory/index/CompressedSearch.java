package dev.memloop.memory.index;

import dev.memloop.memory.internal.vector.VectorMath;
import java.util.function.IntPredicate;

/**
 * The two-phase exact search of {@link ExactIndex}. An int16 pass gives every row a certified interval
 * {@code [lower, upper]} around its float score. The k-th largest lower bound (over the per-lane top two,
 * which are lower bounds of distinct rows, or over all accepted rows when filtering) is a bar every
 * top-k member must reach: k distinct rows score at least that much. Only rows whose upper bound reaches
 * the bar are scored in float, with the scan's own kernel.
 *
 * <p>When too many rows survive (near-duplicate data, where every interval overlaps), a float scan is
 * cheaper than scattered re-ranks and runs instead; results are identical either way.
 */
final class CompressedSearch {

  /** Above this share of surviving rows the scan wins (a re-rank reads a row out of order). */
  private static final int SCAN_FALLBACK_DIVISOR = 4;

  private CompressedSearch() {}

  static void run(ExactIndex index, float[] query, int k, float minScore, IntPredicate accept, SearchBuffers into) {
    int n = index.size();
    int stride = index.stride();
    Int16Codes codes = index.codes();
    short[] queryCodes = into.queryCodes(stride);
    float[] stats = into.stats;
    VectorMath.quantizeInt16(query, 0, stride, queryCodes, 0, stats, into.floats(stride));
    float queryInvScale = stats[0];
    float queryHatNorm = stats[2];
    // |q' - q| |x| plus float rounding: the part of every row's bound that does not depend on the row
    float slack = roundUp((double) stats[1] * ExactIndex.normMax() + index.floatSlack());

    int[] dots = into.dots(n);
    VectorMath.int16Dots(queryCodes, codes.codes, stride, n, dots);
    float[] upper = into.floats(n);
    int[] candidates = into.candidates(n);
    float[] laneTop = into.laneTop(2 * VectorMath.floatLanes());
    int count;
    if (accept == null && k <= 2 * VectorMath.floatLanes()) {
      count = VectorMath.int16Candidates(dots, codes.invScale, codes.residual, n, queryInvScale, queryHatNorm, slack,
          k, minScore, upper, laneTop, candidates);
    } else if (accept != null && minScore > Float.NEGATIVE_INFINITY) {
      // a threshold search among some rows (the guard's, among actions): the threshold alone is the bar, so the
      // filter, a metadata lookup, is asked only of the few rows whose bound reaches it, never of every row (asking
      // every row made the guard's lookup 1.7 times slower over 1,000 items)
      VectorMath.int16Bounds(dots, codes.invScale, codes.residual, n, queryInvScale, queryHatNorm, slack, upper,
          laneTop);
      count = 0;
      for (int r = 0; r < n; r++) {
        if (upper[r] >= minScore && accept.test(r)) {
          candidates[count++] = r;
        }
      }
    } else {
      VectorMath.int16Bounds(dots, codes.invScale, codes.residual, n, queryInvScale, queryHatNorm, slack, upper,
          laneTop);
      float bar = Math.max(minScore,
          kthLowerAccepted(dots, codes, n, queryInvScale, queryHatNorm, slack, k, accept, into));
      count = 0;
      for (int r = 0; r < n; r++) {
        if (upper[r] >= bar && (accept == null || accept.test(r))) {
          candidates[count++] = r;
        }
      }
    }
    if (count > n / SCAN_FALLBACK_DIVISOR) {
      into.compressedPassFailed();
      index.scan(query, minScore, accept, into);
      return;
    }
    into.compressedPassWorked();
    rerank(index, query, minScore, into, candidates, count);
  }

  /** Scores the surviving rows in float, with the scan's own kernel, and keeps the best k. */
  private static void rerank(ExactIndex index, float[] query, float minScore, SearchBuffers into, int[] candidates,
      int count) {
    float[] scores = into.scores(count);
    VectorMath.dotSelected(query, index.rows(), index.stride(), index.stride(), candidates, count, scores);
    into.countReranked(count);
    TopK top = into.top;
    long[] keys = index.keys();
    for (int i = 0; i < count; i++) {
      if (scores[i] >= minScore) {
        top.offer(scores[i], keys[candidates[i]], candidates[i]);
      }
    }
  }

  /** The k-th largest lower bound among accepted rows, for filtered searches and k wider than the lanes. */
  private static float kthLowerAccepted(int[] dots, Int16Codes codes, int n, float queryInvScale,
      float queryHatNorm, float slack, int k, IntPredicate accept, SearchBuffers into) {
    TopK lowest = into.bounds;
    lowest.reset(k);
    for (int r = 0; r < n; r++) {
      if (accept == null || accept.test(r)) { // accept is null here only for k wider than the lanes
        // the same float arithmetic as the bounds kernel, so this lower bound is the certified one
        float approx = dots[r] * codes.invScale[r] * queryInvScale;
        float lower = approx - Math.fma(codes.residual[r], queryHatNorm, slack);
        if (lower > lowest.threshold()) {
          lowest.offer(lower, 0, r);
        }
      }
    }
    return lowest.full() ? lowest.threshold() : Float.NEGATIVE_INFINITY;
  }

  private static float roundUp(double value) {
    float f = (float) value;
    return f < value ? Math.nextUp(f) : f;
  }
}
