package dev.memloop.runtime.internal.memory;

/**
 * What one read cost, in nanoseconds: embedding in process, the store's own work, the injected round trip achieved,
 * and what the turn's budget was charged (all of it, message hops included). Immutable.
 *
 * @param startNanos the agent's clock when the read began ({@link System#nanoTime} outside tests; 0 when it never
 *     ran), so that a slow read can be laid beside the JVM's collection pauses
 */
public record ReadCost(long embedNanos, long storeNanos, long delayNanos, long chargedNanos, long startNanos) {

  /** A read that never ran (unaffordable, or no memory). */
  public static final ReadCost ZERO = new ReadCost(0, 0, 0, 0, 0);
}
