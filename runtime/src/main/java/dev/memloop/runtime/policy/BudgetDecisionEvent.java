package dev.memloop.runtime.policy;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * One lookup's budget decision ({@link LatencyBudget#reserve}): afforded or not, what the lookup was estimated to
 * cost and what the turn had left. Beside {@code dev.memloop.MemoryOperation}, it shows in a recording why a step ran
 * unguarded. Recorded only while a recording enables it.
 */
@Name(BudgetDecisionEvent.NAME)
@Label("Budget Decision")
@Category({"memloop", "Memory"})
@Description("A lookup afforded or refused by the turn's latency budget")
@StackTrace(false)
final class BudgetDecisionEvent extends Event {

  static final String NAME = "dev.memloop.BudgetDecision";

  @Label("Afforded")
  boolean afforded;

  @Label("Estimate")
  @Timespan(Timespan.NANOSECONDS)
  long estimate;

  @Label("Remaining")
  @Timespan(Timespan.NANOSECONDS)
  long remaining;

  /** Commits one decision when a recording enables this event; otherwise one check. */
  static void emit(boolean afforded, long estimate, long remaining) {
    BudgetDecisionEvent event = new BudgetDecisionEvent();
    if (event.isEnabled()) {
      event.afforded = afforded;
      event.estimate = estimate;
      event.remaining = remaining;
      event.commit();
    }
  }
}
