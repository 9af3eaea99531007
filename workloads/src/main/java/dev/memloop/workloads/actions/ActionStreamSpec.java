package dev.memloop.workloads.actions;

/**
 * The deterministic loop-guard stream (paper §5.1): {@code turns} turns of {@code actionsPerTurn} candidate
 * actions, {@code duplicatesPerTurn} of each turn exact repeats of an earlier action. Default: S = 20 per turn,
 * half duplicates, 4 turns.
 */
public record ActionStreamSpec(int turns, int actionsPerTurn, int duplicatesPerTurn) {

  public static final ActionStreamSpec DEFAULT = new ActionStreamSpec(4, 20, 10);

  public ActionStreamSpec {
    if (turns <= 0) {
      throw new IllegalArgumentException("turns must be > 0: " + turns);
    }
    if (actionsPerTurn <= 0) {
      throw new IllegalArgumentException("actionsPerTurn must be > 0: " + actionsPerTurn);
    }
    if (duplicatesPerTurn < 0 || duplicatesPerTurn >= actionsPerTurn) {
      throw new IllegalArgumentException(
          "duplicatesPerTurn must be in [0, " + (actionsPerTurn - 1) + "]: " + duplicatesPerTurn);
    }
    long fresh = (long) turns * (actionsPerTurn - duplicatesPerTurn);
    if (fresh > ActionStreams.DISTINCT_LINES) {
      throw new IllegalArgumentException("new actions (" + fresh + ") exceed the " + ActionStreams.DISTINCT_LINES
          + " distinct action lines");
    }
  }
}
