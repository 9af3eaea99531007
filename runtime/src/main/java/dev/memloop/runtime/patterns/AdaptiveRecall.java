package dev.memloop.runtime.patterns;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.ArrayList;
import java.util.List;

/**
 * A read that near-duplicates cannot crowd: candidates are the nearest items, and the window is filled by
 * maximal marginal relevance (each pick the best trade of similarity to the query against similarity to what is
 * already picked, weighted by {@code lambda}), a candidate at least {@code duplicateThreshold}-similar to a pick
 * being dropped as a copy of it. The window's size grows with the memory, {@code ceil(size * fraction)},
 * and stays within {@code [kMin, kMax]}.
 *
 * <p>A memory built {@code lexical()} gives its hybrid recall's candidates, each as relevant as its fused score is to
 * the first's: on LoCoMo the vector candidates alone scored hit@10 0.604 where one hybrid read scored 0.785; with
 * hybrid candidates the adaptive read scores 0.787 (dev file, docs/BENCHMARKS.md).
 */
public final class AdaptiveRecall {

  /** How wide to read and how hard to push diversity. */
  public record Settings(int kMin, int kMax, double fraction, double lambda, double duplicateThreshold) {
    public Settings {
      if (kMin <= 0 || kMax < kMin) {
        throw new IllegalArgumentException("adaptive recall needs 0 < k-min <= k-max: k-min " + kMin + ", k-max " + kMax);
      }
      if (!(fraction >= 0 && fraction <= 1)) {
        throw new IllegalArgumentException("adaptive recall fraction must be in [0, 1]: " + fraction);
      }
      if (!(lambda >= 0 && lambda <= 1)) {
        throw new IllegalArgumentException("adaptive recall lambda must be in [0, 1]: " + lambda);
      }
      Thresholds.similarity("adaptive recall duplicate threshold", duplicateThreshold);
    }
  }

  /** What the adaptive reads did so far. */
  public record Counters(long recalls, long returned, long collapsed) {}

  private final WorkingMemory memory;
  private final Embedder embedder;
  private final Settings settings;
  private long recalls;
  private long returned;
  private long collapsed;

  public AdaptiveRecall(WorkingMemory memory, Embedder embedder, Settings settings) {
    if (memory == null || embedder == null || settings == null) {
      throw new IllegalArgumentException("adaptive recall needs a memory, an embedder and settings");
    }
    this.memory = memory;
    this.embedder = embedder;
    this.settings = settings;
  }

  /** The window's size for a memory of {@code size} items. */
  public int k(int size) {
    int grown = (int) Math.ceil(size * settings.fraction());
    return Math.max(settings.kMin(), Math.min(settings.kMax(), grown));
  }

  public List<Recall> recall(String query) {
    Thresholds.text("query", query);
    recalls++;
    float[] q = embedder.embed(query);
    int size = memory.size();
    if (size == 0 || Embedder.isZero(q)) {
      return List.of();
    }
    int k = k(size);
    int depth = Math.min(size, Math.max(4 * k, k + 32));
    // a memory that keeps words reads them too: its candidates are its hybrid recall's, ranked by fused score
    boolean hybrid = memory.answersHybrid();
    List<Recall> candidates = hybrid ? memory.search(MemoryQuery.text(query).k(depth).hybrid().build().withVector(q))
        : memory.recallVector(q, depth);
    double top = hybrid && !candidates.isEmpty() ? candidates.get(0).fused() : 1;
    List<float[]> vectors = new ArrayList<>();
    for (Recall c : candidates) {
      vectors.add(memory.vector(c.id()).orElseThrow());
    }
    List<Recall> picked = new ArrayList<>();
    boolean[] gone = new boolean[candidates.size()];
    // each candidate's similarity to the nearest pick so far, kept up to date as picks are made: a pick costs one
    // dot per candidate left, where recomputing against every pick made the read quadratic in k (9 ms at k = 32)
    double[] redundancy = new double[candidates.size()];
    java.util.Arrays.fill(redundancy, Double.NEGATIVE_INFINITY);
    while (picked.size() < k) {
      int best = -1;
      double bestScore = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < candidates.size(); i++) {
        if (gone[i]) {
          continue;
        }
        if (redundancy[i] >= settings.duplicateThreshold() && !picked.isEmpty()) {
          gone[i] = true; // a copy of something already in the window
          collapsed++;
          continue;
        }
        double relevance = hybrid ? candidates.get(i).fused() / top : candidates.get(i).similarity();
        double score = settings.lambda() * relevance
            - (1 - settings.lambda()) * (picked.isEmpty() ? 0 : redundancy[i]);
        if (score > bestScore) {
          bestScore = score;
          best = i;
        }
      }
      if (best < 0) {
        break;
      }
      gone[best] = true;
      picked.add(candidates.get(best));
      float[] pick = vectors.get(best);
      for (int i = 0; i < candidates.size(); i++) {
        if (!gone[i]) {
          redundancy[i] = Math.max(redundancy[i], dot(vectors.get(i), pick));
        }
      }
    }
    returned += picked.size();
    return picked;
  }

  private static double dot(float[] v, float[] o) {
    double dot = 0;
    for (int i = 0; i < v.length; i++) {
      dot += v[i] * o[i];
    }
    return dot;
  }

  public Counters counters() {
    return new Counters(recalls, returned, collapsed);
  }
}
