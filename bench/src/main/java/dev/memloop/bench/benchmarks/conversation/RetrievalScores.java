package dev.memloop.bench.benchmarks.conversation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Retrieval quality over questions whose evidence is known: for each k, hit@k (the share of questions with at least
 * one evidence turn among the first k recalled) and recall@k (the mean share of each question's evidence among the
 * first k), and MRR (the mean of 1 / the rank of the first evidence turn, 0 when none is recalled), overall and by
 * category. Not thread-safe: one benchmark thread fills it.
 */
public final class RetrievalScores {

  /** hit@k and recall@k keyed by k, MRR, and how many questions they are over. */
  public record Summary(Map<Integer, Double> hitAt, Map<Integer, Double> recallAt, double mrr, int questions) {}

  private final List<Integer> ks;
  private final Tally all;
  private final Map<String, Tally> byCategory = new TreeMap<>();

  public RetrievalScores(List<Integer> ks) {
    this.ks = List.copyOf(ks);
    this.all = new Tally(this.ks);
  }

  /** One question: what was recalled (ids, best first) and which are its evidence; {@code category} groups it. */
  public void add(String category, List<String> recalled, Set<String> evidence) {
    if (evidence.isEmpty()) {
      throw new IllegalArgumentException("a scored question needs its evidence");
    }
    all.add(recalled, evidence);
    byCategory.computeIfAbsent(category, c -> new Tally(ks)).add(recalled, evidence);
  }

  public Summary overall() {
    return all.summary();
  }

  /** By category, in category order. */
  public Map<String, Summary> byCategory() {
    Map<String, Summary> out = new LinkedHashMap<>();
    byCategory.forEach((category, tally) -> out.put(category, tally.summary()));
    return out;
  }

  private static final class Tally {
    private final List<Integer> ks;
    private final long[] hits;
    private final double[] recalls;
    private double reciprocalRanks;
    private int questions;

    Tally(List<Integer> ks) {
      this.ks = ks;
      this.hits = new long[ks.size()];
      this.recalls = new double[ks.size()];
    }

    void add(List<String> recalled, Set<String> evidence) {
      questions++;
      for (int i = 0; i < ks.size(); i++) {
        int k = Math.min(ks.get(i), recalled.size());
        int found = 0;
        for (int r = 0; r < k; r++) {
          if (evidence.contains(recalled.get(r))) {
            found++;
          }
        }
        hits[i] += found > 0 ? 1 : 0;
        recalls[i] += (double) found / evidence.size();
      }
      for (int r = 0; r < recalled.size(); r++) {
        if (evidence.contains(recalled.get(r))) {
          reciprocalRanks += 1.0 / (r + 1);
          break;
        }
      }
    }

    Summary summary() {
      Map<Integer, Double> hitAt = new LinkedHashMap<>();
      Map<Integer, Double> recallAt = new LinkedHashMap<>();
      for (int i = 0; i < ks.size(); i++) {
        hitAt.put(ks.get(i), questions == 0 ? 0 : (double) hits[i] / questions);
        recallAt.put(ks.get(i), questions == 0 ? 0 : recalls[i] / questions);
      }
      return new Summary(hitAt, recallAt, questions == 0 ? 0 : reciprocalRanks / questions, questions);
    }
  }
}
