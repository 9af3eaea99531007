package dev.memloop.runtime.policy;

import dev.memloop.runtime.GuardOutcome;

/**
 * The guard's answer before one action, with what the lookup cost (nanoseconds; zeros when none ran).
 *
 * @param matchedLine the stored line that matched (a hit), else null
 * @param similarity its similarity, NaN when nothing matched
 * @param lookupNanos what the lookup charged the budget: embedding, store work, delay and message hops
 */
public record GuardVerdict(GuardOutcome outcome, String matchedLine, double similarity, long embedNanos,
    long storeNanos, long delayNanos, long lookupNanos) {

  public static final GuardVerdict NOT_APPLICABLE =
      new GuardVerdict(GuardOutcome.NOT_APPLICABLE, null, Double.NaN, 0, 0, 0, 0);
  public static final GuardVerdict UNAFFORDABLE =
      new GuardVerdict(GuardOutcome.UNAFFORDABLE, null, Double.NaN, 0, 0, 0, 0);

  /** Whether the action must not run. */
  public boolean blocks() {
    return outcome == GuardOutcome.HIT;
  }
}
