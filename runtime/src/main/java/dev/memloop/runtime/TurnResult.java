package dev.memloop.runtime;

import java.util.List;

/**
 * One agent's turn: its step records, the budget it spent on lookups, how often its behavior had restarted
 * by the end, and {@code hops}: the messages the turn needed beyond its own request and reply (asynchronous
 * reasoner answers and store requests; 0 for a synchronous reasoner with an in-process memory).
 * {@code aborted} turns stopped at a failed step (the records hold the steps before it) and carry the
 * failure's message.
 */
public record TurnResult(String agentId, int turn, List<StepRecord> steps, long budgetNanos, long spentNanos,
    boolean aborted, String failure, int restarts, long hops) implements RuntimeMessage {

  public TurnResult {
    steps = List.copyOf(steps);
  }

  /** Steps whose guard outcome was {@code outcome}. */
  public long count(GuardOutcome outcome) {
    return steps.stream().filter(s -> s.guard() == outcome).count();
  }

  public long executed() {
    return steps.stream().filter(StepRecord::executed).count();
  }
}
