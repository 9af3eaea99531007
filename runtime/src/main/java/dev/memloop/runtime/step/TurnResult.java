package dev.memloop.runtime.step;

import java.util.List;

/**
 * One agent's turn: its step records, the budget it spent on lookups, how often its behavior had restarted by the
 * end, and {@code hops}: the messages the turn needed beyond its own request and reply (store requests and posts
 * sent, asynchronous answers waited for: reasoner decisions, action completions, memory calls handed over from
 * other threads; 0 for a synchronous reasoner and executor with an in-process memory). {@code aborted} turns
 * stopped at a failed step (the records hold the steps before it) and carry the failure's message. Immutable.
 *
 * @param writesRefused writes refused when the turn ended (a per-turn agent's held writes, into a full memory)
 */
public record TurnResult(String agentId, int turn, List<StepRecord> steps, long budgetNanos, long spentNanos,
    boolean aborted, String failure, int restarts, long hops, int writesRefused) {

  public TurnResult {
    steps = List.copyOf(steps);
  }

  /** Steps whose guard outcome was {@code outcome}. */
  public long count(GuardOutcome outcome) {
    return steps.stream().filter(s -> s.guard().outcome() == outcome).count();
  }

  public long executed() {
    return steps.stream().filter(StepRecord::executed).count();
  }
}
