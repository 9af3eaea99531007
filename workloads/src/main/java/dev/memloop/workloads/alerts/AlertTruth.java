package dev.memloop.workloads.alerts;

/**
 * The ground truth of one alert, kept out of the agent's view: its host, its signature, the index of the
 * earlier alert it re-reports ({@code -1} for a new incident), and which prose template wrote it (graders use
 * it to show that template wording dominates an embedding of raw prose).
 */
public record AlertTruth(String host, String signature, int duplicateOf, int template) {

  public boolean isDuplicate() {
    return duplicateOf >= 0;
  }

  /** The action line an agent investigating this incident would write. */
  public String actionLine() {
    return ActionLine.of(host, signature);
  }
}
