package dev.memloop.agents.triage;

/**
 * The guard threshold chosen on held-out workloads for one embedder, and what it scores there.
 *
 * @param threshold the grid value maximizing F1 (ties to the higher threshold)
 * @param worstImpostor the highest similarity of an extracted action line to an earlier line about another
 *     incident: what the threshold must stay above
 * @param weakestDuplicate the lowest best-match similarity of a true duplicate's line
 * @param prose the same question asked of raw alert prose, which the guard does not use, and why
 */
public record CalibrationResult(String embedder, int workloads, int positives, int negatives, double threshold,
    double f1, double precision, double recall, double worstImpostor, double weakestDuplicate, ProseFinding prose) {

  /**
   * Raw prose under the same embedder: how alike two alerts written through one template about different
   * incidents are, against true rewordings of one incident through different templates.
   */
  public record ProseFinding(double sameTemplateOtherIncidentMax, double sameTemplateOtherIncidentMedian,
      double rewordingMedian, double rewordingMin, double bestF1) {}
}
