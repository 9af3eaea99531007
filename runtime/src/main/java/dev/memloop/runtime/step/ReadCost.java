package dev.memloop.runtime.step;

/**
 * What one memory call cost, in nanoseconds: embedding in process, the store's own work, the injected round trip
 * achieved, and what the turn's budget was charged (all of it, message hops included; writes are never charged). The
 * one cost of every read and write a step records: a guard's lookup ({@link GuardCheck#cost}) and a reasoner's calls
 * ({@link MemoryCall#cost}). Immutable.
 *
 * @param startNanos the agent's clock when the call began ({@link System#nanoTime} outside tests; 0 when it never
 *     ran), so that a slow read can be laid beside the JVM's collection pauses
 * @param answeredLater whether the answer came in a later message than the one that asked (a networked store's
 *     reply): the time not spent by the store went to mailboxes, transit, connection pools
 * @param offCpuNanos for a read whose own work exceeded the budget's 1 ms margin and that was answered within the
 *     message that made it, how long the agent's thread was off its CPU (descheduled, blocked, paused) since that
 *     message began, at most the read's own work; -1 when not read (a fast read, one answered later, a JVM that
 *     cannot read a thread's CPU time)
 * @param waitingNanos of {@code offCpuNanos}, how long the thread waited for a core (runnable, on the scheduler's run
 *     queue); the rest it was blocked (a ZGC allocation stall, a lock, a page read from disk) or paused. -1 when not
 *     read (as {@code offCpuNanos}, or a system whose scheduler does not report it: only Linux does)
 */
public record ReadCost(long embedNanos, long storeNanos, long delayNanos, long chargedNanos, long startNanos,
    boolean answeredLater, long offCpuNanos, long waitingNanos) {

  /** A call that never ran (unaffordable, no memory, not answered yet). */
  public static final ReadCost ZERO = new ReadCost(0, 0, 0, 0, 0, false, -1, -1);

  /** A call's cost as the parts its caller measured, with no start time and off-CPU time not read. */
  public static ReadCost of(long embedNanos, long storeNanos, long delayNanos, long chargedNanos) {
    return new ReadCost(embedNanos, storeNanos, delayNanos, chargedNanos, 0, false, -1, -1);
  }
}
