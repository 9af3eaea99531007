package dev.memloop.memory.timing;

import java.util.function.LongConsumer;

/**
 * Runs an action after a delay and tells it the delay actually achieved. Injected wherever memloop waits:
 * the store's round-trip delay and the agents' lookup timeouts. {@link HighResolutionTimer} is the real one;
 * {@link ManualDelayTimer} lets tests move time by hand.
 *
 * <p>Implementations are thread-safe; actions run on the timer's thread, so they must only hand work over
 * (an actor {@code tell}), never do it.
 */
public interface DelayTimer extends Ticker {

  /**
   * Runs {@code action} once, {@code delayNanos} from now, passing the achieved delay in nanoseconds.
   *
   * @throws IllegalArgumentException if {@code delayNanos} is negative
   */
  Scheduled schedule(long delayNanos, LongConsumer action);

  /** A pending action. */
  interface Scheduled {
    /** Stops the action if it has not run; returns whether it was stopped. */
    boolean cancel();
  }

  static void checkDelay(long delayNanos) {
    if (delayNanos < 0) {
      throw new IllegalArgumentException("delay must be >= 0 ns: " + delayNanos);
    }
  }
}
