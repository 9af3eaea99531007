package dev.memloop.runtime.fleet;

import dev.memloop.runtime.step.ToolOutcome;
import java.util.Map;

/**
 * One group's totals over a fleet run. Latencies are nanoseconds over the guard lookups that ran (HdrHistogram,
 * three significant digits); {@code redundant} counts executed actions whose line the same agent had already
 * executed; {@code wallNanos} is the run's wall time (shared by all groups that ran together);
 * {@code actionsFailed} counts actions that failed or timed out; {@code memory} the reasoners' memory calls;
 * {@code stalls} the slow guard lookups by cause; {@code stepP50}, {@code stepP99}, {@code stepP999} the steps' own
 * wall time (the step record's), nanoseconds; {@link #decisions()} the steps' outcomes by name; {@code memoryLatency}
 * every memory call's latency by operation ({@code guard}, {@code recall}, {@code match}, {@code seen},
 * {@code remember}; only operations that ran), the guard's and the reasoners' alike.
 */
public record GroupSummary(String group, int agents, long turns, long abortedTurns, long steps, long executed,
    long redundant, long afforded, long unaffordable, long timedOut, long hits, long misses, long restarts,
    long storeP50, long storeP99, long embedP50, long lookupP50, long lookupP99, long spentNanos, long wallNanos,
    long actionsFailed, MemoryCalls memory, Stalls stalls, long stepP50, long stepP99, long stepP999,
    Decisions decisions, Map<String, Latency> memoryLatency) {

  public GroupSummary {
    memoryLatency = Map.copyOf(memoryLatency);
  }

  /**
   * What the group's steps decided and what became of it, by name: steps that chose an action ({@code acted}), of
   * them executed, blocked by the guard as a repeat, and failed or timed out; steps the reasoner skipped (of them
   * {@code skippedFromMemory}, recognized by asking its memory); steps answered with a reply; and the tool calls of
   * LLM reasoners by outcome, and by tool and outcome (only those that occurred; tools past
   * {@link dev.memloop.runtime.step.ToolCall#MAX_NAMED_TOOLS} names under {@code other}).
   */
  public record Decisions(long acted, long executed, long blockedByGuard, long actionsFailed, long skipped,
      long skippedFromMemory, long replied, Map<ToolOutcome, Long> toolCalls,
      Map<String, Map<ToolOutcome, Long>> toolCallsByTool) {

    public Decisions {
      toolCalls = Map.copyOf(toolCalls);
      Map<String, Map<ToolOutcome, Long>> byTool = new java.util.TreeMap<>();
      toolCallsByTool.forEach((tool, outcomes) -> byTool.put(tool, Map.copyOf(outcomes)));
      toolCallsByTool = java.util.Collections.unmodifiableMap(byTool);
    }
  }

  /** One kind of memory call's latency: how many were timed, and their p50, p99 and max, nanoseconds. */
  public record Latency(long count, long p50, long p99, long max) {}

  /**
   * Guard lookups whose own work exceeded the estimate's 1 ms margin, by cause (see the fleet's stall tally):
   * a collection pause, a thread off its CPU waiting for a core (descheduled, read from the thread's CPU time and the
   * scheduler's run delay), a thread off its CPU but not waiting for one (blocked: a ZGC allocation stall, a lock, a
   * page read from disk; told apart from descheduled on Linux only), the store's own work, queueing on the way to a
   * networked store or a database's connection pool, or other (on its CPU: JIT, page faults); {@code slowestNanos}
   * the slowest one's own work.
   */
  public record Stalls(long slow, long collection, long descheduled, long blocked, long store, long queueing,
      long other, long slowestNanos) {}

  /**
   * The reasoners' calls on their memory handles: reads and writes, and how many of them the budget could not
   * afford, timed out, met no memory (policy none) or were refused.
   */
  public record MemoryCalls(long reads, long writes, long unaffordable, long timedOut, long noMemory, long refused) {}

  public double stepsPerSecond() {
    return wallNanos == 0 ? 0 : steps * 1e9 / wallNanos;
  }
}
