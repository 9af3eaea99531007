package dev.memloop.agents.triage;

/**
 * The guard threshold chosen on held-out workloads for one embedder, and what it scores there.
 *
 * @param threshold the grid value maximizing F1 (ties to the higher threshold)
 * @param worstImpostor the highest similarity of an extracted action line to an earlier line about another
 *     incident: what the threshold must stay above
 * @param weakestDuplicate the lowest best-match similarity of a true duplicate's line
 * @param prose the same question asked of raw alert prose, which the guard does not use, and why
 * @param identity the guard as it compares actions now (identifiers exactly, the other words by meaning) at the
 *     same threshold, with the word values of {@code key=value} pairs ({@code sig=ssh-bruteforce}) as words, the
 *     default, and as identifiers
 */
public record CalibrationResult(String embedder, int workloads, int positives, int negatives, double threshold,
    double f1, double precision, double recall, double worstImpostor, double weakestDuplicate, ProseFinding prose,
    IdentityFinding identity) {

  /**
   * Raw prose under the same embedder: how alike two alerts written through one template about different
   * incidents are, against true rewordings of one incident through different templates.
   */
  public record ProseFinding(double sameTemplateOtherIncidentMax, double sameTemplateOtherIncidentMedian,
      double rewordingMedian, double rewordingMin, double bestF1) {}

  /** The identity-aware guard's duplicate detection on the same lines, at the calibrated threshold. */
  public record IdentityFinding(double f1, double precision, double recall, double wordValuesAsIdsF1,
      double wordValuesAsIdsPrecision, double wordValuesAsIdsRecall) {}
}
