package dev.memloop.runtime.internal.memory;

/**
 * What one read cost, in nanoseconds: embedding in process, the store's own work, the injected round trip achieved,
 * and what the turn's budget was charged (all of it, message hops included). Immutable.
 *
 * @param startNanos the agent's clock when the read began ({@link System#nanoTime} outside tests; 0 when it never
 *     ran), so that a slow read can be laid beside the JVM's collection pauses
 * @param answeredLater whether the answer came in a later message than the one that asked (a networked store's
 *     reply): the agent's thread did other work, or none, while it waited
 * @param offCpuNanos for a slow read answered within the message that made it, how long the agent's thread was off
 *     its CPU since that message began, at most the read's own work (see {@code ThreadCpu}); -1 when not read (a read
 *     within the budget's margin, one answered later, a JVM without thread CPU time)
 * @param waitingNanos of the time off its CPU, how long the thread waited for a core (see {@code ThreadCpu}),
 *     at most {@code offCpuNanos}; -1 when not read (as {@code offCpuNanos}, or a system that does not report it)
 */
public record ReadCost(long embedNanos, long storeNanos, long delayNanos, long chargedNanos, long startNanos,
    boolean answeredLater, long offCpuNanos, long waitingNanos) {

  /** A read that never ran (unaffordable, or no memory). */
  public static final ReadCost ZERO = new ReadCost(0, 0, 0, 0, 0, false, -1, -1);
}
