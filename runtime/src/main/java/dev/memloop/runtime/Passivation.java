package dev.memloop.runtime;

import dev.memloop.memory.timing.Units;
import java.time.Duration;

/**
 * When an agent is passivated ({@link PassivatingAgent}): after {@code idleTimeout} without a turn, and not while a
 * turn runs. {@code tally} counts passivations and restores across every agent given it (thread-safe).
 */
public record Passivation(Duration idleTimeout, PassivationTally tally) {

  /** The longest idle timeout taken: beyond it a timer's deadline would overflow Pekko's scheduler. */
  public static final Duration MAX_IDLE_TIMEOUT = Duration.ofDays(365);

  public Passivation {
    if (idleTimeout == null || idleTimeout.isNegative() || idleTimeout.isZero()
        || idleTimeout.compareTo(MAX_IDLE_TIMEOUT) > 0) {
      throw new IllegalArgumentException("passivation idle timeout must be > 0 and <= 365d: "
          + (idleTimeout == null ? "null" : Units.config(idleTimeout)));
    }
    if (tally == null) {
      throw new IllegalArgumentException("passivation needs a tally (new PassivationTally())");
    }
  }

  /** Passivation after {@code idleTimeout}, counted in a tally of its own. */
  public static Passivation after(Duration idleTimeout) {
    return new Passivation(idleTimeout, new PassivationTally());
  }
}
