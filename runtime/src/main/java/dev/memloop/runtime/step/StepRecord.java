package dev.memloop.runtime.step;

import java.util.List;

/**
 * Everything one step did, for graders and reports, nested by concern: what the reasoner decided, what the guard
 * found, how the action ran, what the reasoner's memory calls were, and what the memory patterns marked. Immutable.
 *
 * @param remembered how the executed action's line was written to memory (the guard's record of it), null when no
 *     action was carried out
 * @param memory the reasoner's calls on its memory handle, in the order made ({@code List.of()} when none)
 * @param wallNanos the whole step, reasoning and action included
 */
public record StepRecord(String agentId, int turn, int step, String observationId, Decision decision,
    GuardCheck guard, ActionRun action, MemoryOutcome remembered, List<MemoryCall> memory, PatternMarks patterns,
    long wallNanos) {

  public StepRecord {
    if (decision == null || guard == null || action == null) {
      throw new IllegalArgumentException("a step record needs its decision, guard check and action run");
    }
    memory = List.copyOf(memory);
    patterns = patterns == null ? PatternMarks.NONE : patterns;
  }

  /** Whether the step's action was carried out (the guard allowed it and the executor completed it). */
  public boolean executed() {
    return action.done();
  }

  public String actionLine() {
    return decision.actionLine();
  }

  /** The reasoner's memory calls that ended with {@code outcome}. */
  public long memoryCalls(MemoryOutcome outcome) {
    long n = 0;
    for (MemoryCall call : memory) {
      n += call.outcome() == outcome ? 1 : 0;
    }
    return n;
  }
}
