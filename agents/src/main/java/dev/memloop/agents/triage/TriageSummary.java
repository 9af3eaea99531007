package dev.memloop.agents.triage;

import java.util.List;

/**
 * A group's triage scores over its workloads, the paper's way: redundant executions as mean [min-max] over
 * workloads, the model's own recognitions, lookups afforded, and the guard's errors pooled over all lookups.
 *
 * @param precision pooled caught / blocks, NaN when the guard blocked nothing
 * @param recall pooled caught / (caught + missed), NaN when no lookup met a duplicate
 */
public record TriageSummary(String group, int workloads, double redundantMean, int redundantMin, int redundantMax,
    double recognizedMean, double lookupsMean, double unaffordableMean, long timedOut, long blocks, long caught,
    long blockedNew, long missed, double precision, double recall, long aborted) {

  public static TriageSummary of(String group, List<TriageScore> scores) {
    if (scores.isEmpty()) {
      throw new IllegalArgumentException("group " + group + " has no scores to summarize");
    }
    long blocks = scores.stream().mapToLong(TriageScore::guardBlocks).sum();
    long caught = scores.stream().mapToLong(TriageScore::guardCaught).sum();
    long missed = scores.stream().mapToLong(TriageScore::guardMissed).sum();
    return new TriageSummary(group, scores.size(),
        scores.stream().mapToInt(TriageScore::redundant).average().orElseThrow(),
        scores.stream().mapToInt(TriageScore::redundant).min().orElseThrow(),
        scores.stream().mapToInt(TriageScore::redundant).max().orElseThrow(),
        scores.stream().mapToInt(TriageScore::modelRecognized).average().orElseThrow(),
        scores.stream().mapToInt(TriageScore::lookups).average().orElseThrow(),
        scores.stream().mapToInt(TriageScore::unaffordable).average().orElseThrow(),
        scores.stream().mapToLong(TriageScore::timedOut).sum(), blocks, caught,
        scores.stream().mapToLong(TriageScore::guardBlockedNew).sum(), missed,
        blocks == 0 ? Double.NaN : (double) caught / blocks,
        caught + missed == 0 ? Double.NaN : (double) caught / (caught + missed),
        scores.stream().filter(TriageScore::aborted).count());
  }
}
