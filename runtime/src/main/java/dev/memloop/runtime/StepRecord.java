package dev.memloop.runtime;

/**
 * Everything one step did, for graders and reports. Times are nanoseconds; {@code embedNanos},
 * {@code storeNanos} and {@code delayNanos} (the achieved injected round trip) describe the guard's lookup and
 * are 0 when none ran; {@code lookupNanos} is what the lookup cost the budget; {@code wallNanos} is the whole
 * step, reasoning included.
 *
 * @param matchedLine the stored line the guard matched (a hit), else null
 * @param similarity its similarity, NaN when nothing matched
 * @param patterns what the step loop's memory patterns did ({@link PatternMarks#NONE} when none is on)
 */
public record StepRecord(String agentId, int turn, int step, String observationId, Decision.Kind decision,
    Decision.Recognition recognition, String actionLine, GuardOutcome guard, boolean executed, String matchedLine,
    double similarity, long embedNanos, long storeNanos, long delayNanos, long lookupNanos, long wallNanos, PatternMarks patterns) {

  /** A step without patterns. */
  public StepRecord(String agentId, int turn, int step, String observationId, Decision.Kind decision,
      Decision.Recognition recognition, String actionLine, GuardOutcome guard, boolean executed, String matchedLine,
      double similarity, long embedNanos, long storeNanos, long delayNanos, long lookupNanos, long wallNanos) {
    this(agentId, turn, step, observationId, decision, recognition, actionLine, guard, executed, matchedLine, similarity,
        embedNanos, storeNanos, delayNanos, lookupNanos, wallNanos, PatternMarks.NONE);
  }

  public StepRecord {
    if (patterns == null) {
      patterns = PatternMarks.NONE;
    }
  }
}
