package dev.memloop.runtime.memory;

/**
 * What one read cost, in nanoseconds: embedding in process, the store's own work, the injected round trip achieved,
 * and what the turn's budget was charged (all of it, message hops included). Immutable.
 */
public record ReadCost(long embedNanos, long storeNanos, long delayNanos, long chargedNanos) {

  /** A read that never ran (unaffordable, or no memory). */
  public static final ReadCost ZERO = new ReadCost(0, 0, 0, 0);
}
