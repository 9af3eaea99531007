package dev.memloop.memory.index;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reciprocal-rank fusion of ranked lists of keys (a vector search's and a lexical search's): each key scores
 * {@code sum of 1 / (c + rank)} over the lists it is in, its rank counted from 1, so that what both searches rank
 * high rises and what one alone finds still counts. Scores of different searches are never compared, only ranks, so
 * no weighting or calibration is needed. Equal fused scores go to the smaller key (the older item). Stateless.
 */
public final class RankFusion {

  /** The constant of the original paper (Cormack, Clarke and Büttcher, 2009), and the usual one. */
  public static final int C = 60;

  /** A fused key and its score. */
  public record Fused(long key, double score) {}

  private RankFusion() {}

  /**
   * The best {@code k} keys of the fused lists, best first.
   *
   * @param rankings each a list of keys, best first; a key appears at most once in each
   */
  public static List<Fused> fuse(List<long[]> rankings, int k, int c) {
    if (k <= 0 || c < 0) {
      throw new IllegalArgumentException("fusion needs k > 0 and c >= 0: " + k + ", " + c);
    }
    Map<Long, Double> scores = new HashMap<>();
    for (long[] ranking : rankings) {
      for (int r = 0; r < ranking.length; r++) {
        scores.merge(ranking[r], 1.0 / (c + r + 1), Double::sum);
      }
    }
    List<Fused> fused = new ArrayList<>(scores.size());
    scores.forEach((key, score) -> fused.add(new Fused(key, score)));
    fused.sort((a, b) -> a.score() != b.score() ? Double.compare(b.score(), a.score()) : Long.compare(a.key(), b.key()));
    return fused.size() <= k ? fused : List.copyOf(fused.subList(0, k));
  }
}
