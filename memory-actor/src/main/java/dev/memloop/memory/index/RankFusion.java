package dev.memloop.memory.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reciprocal-rank fusion of ranked lists of keys (a vector search's and a lexical search's): each key scores
 * {@code sum of 1 / (c + rank)} over the lists it is in, its rank counted from 1, so that what both searches rank
 * high rises and what one alone finds still counts. Scores of different searches are never compared, only ranks, so
 * no weighting or calibration is needed. Equal fused scores go to the smaller key (the older item). Stateless.
 */
public final class RankFusion {

  /** The constant of the original paper (Cormack, Clarke and Büttcher, 2009), and the usual one. */
  public static final int C = 60;

  /**
   * The constant a memory's hybrid recall fuses with: a smaller one than the paper's gives each search's first ranks
   * more say. Two searches of some hundreds of short texts, each strong at its top, are not the paper's fusion of
   * many deep runs: on LoCoMo, c = 10 raised hit@10 from 0.751 to 0.785 over c = 60 (dev file, docs/BENCHMARKS.md).
   */
  public static final int HYBRID_C = 10;

  /**
   * The least share of a query's ideal BM25 score ({@link LexicalIndex#search(String, int, float)}) a lexical hit needs
   * to take part in a hybrid recall's fusion: a text that shares one common word with a long question does not.
   */
  public static final float MIN_LEXICAL_SHARE = 0.1f;

  /** A fused key and its score. */
  public record Fused(long key, double score) {}

  private RankFusion() {}

  /**
   * The best {@code k} keys of the fused lists, best first.
   *
   * @param rankings each a list of keys, best first; a key appears at most once in each
   */
  public static List<Fused> fuse(List<long[]> rankings, int k, int c) {
    return fuse(rankings, null, k, c);
  }

  /**
   * As {@link #fuse(List, int, int)}, each list's terms multiplied by its weight: {@code weight / (c + rank)}.
   *
   * @param weights one per list, each > 0; null: all 1
   */
  public static List<Fused> fuse(List<long[]> rankings, double[] weights, int k, int c) {
    if (k <= 0 || c < 0) {
      throw new IllegalArgumentException("fusion needs k > 0 and c >= 0: " + k + ", " + c);
    }
    if (weights != null && weights.length != rankings.size()) {
      throw new IllegalArgumentException("fusion needs one weight per list: " + weights.length + " weights, "
          + rankings.size() + " lists");
    }
    if (weights != null) {
      for (double w : weights) {
        if (!(w > 0)) {
          throw new IllegalArgumentException("a fusion weight must be > 0: " + w);
        }
      }
    }
    // the distinct keys, sorted, so that each key's score has an index found by binary search: no boxed map
    int total = 0;
    for (long[] ranking : rankings) {
      total += ranking.length;
    }
    long[] keys = new long[total];
    int at = 0;
    for (long[] ranking : rankings) {
      System.arraycopy(ranking, 0, keys, at, ranking.length);
      at += ranking.length;
    }
    Arrays.sort(keys);
    int distinct = 0;
    for (int i = 0; i < total; i++) {
      if (i == 0 || keys[i] != keys[distinct - 1]) {
        keys[distinct++] = keys[i];
      }
    }
    double[] scores = new double[distinct];
    for (int list = 0; list < rankings.size(); list++) { // list by list, rank by rank: each sum adds up in order
      long[] ranking = rankings.get(list);
      double weight = weights == null ? 1.0 : weights[list];
      for (int r = 0; r < ranking.length; r++) {
        scores[Arrays.binarySearch(keys, 0, distinct, ranking[r])] += weight / (c + r + 1);
      }
    }
    // the best k by selection: each pass takes the highest score left, the smaller key on a tie (keys ascend)
    int n = Math.min(k, distinct);
    List<Fused> fused = new ArrayList<>(n);
    boolean[] taken = new boolean[distinct];
    for (int picked = 0; picked < n; picked++) {
      int best = -1;
      for (int i = 0; i < distinct; i++) {
        if (!taken[i] && (best < 0 || scores[i] > scores[best])) {
          best = i;
        }
      }
      taken[best] = true;
      fused.add(new Fused(keys[best], scores[best]));
    }
    return fused;
  }
}
