package dev.memloop.runtime.fleet;

import dev.memloop.memory.timing.Units;
import java.time.Duration;

/**
 * How a fleet runs: {@code turnTimeout} bounds one ask for a turn's answer (a fleet never hangs on a lost agent),
 * {@code parallelism} caps how many agents have a turn in flight at once, {@code lockstep} makes every agent finish
 * turn t before any starts turn t + 1 (agents sharing a blackboard then work on one clock), and {@code retries} is
 * how often a turn not answered within the timeout, or answered as aborted, is sent again (the same turn: the agent
 * answers a retry from its record or resumes the aborted turn at the step that failed, never running a step twice).
 */
public record FleetOptions(Duration turnTimeout, int parallelism, boolean lockstep, int retries) {

  /** Retries per turn unless said otherwise: a stall or a failure the agent survives, twice over. */
  public static final int DEFAULT_RETRIES = 2;
  public static final FleetOptions DEFAULT = new FleetOptions(Duration.ofSeconds(60), 100_000, false);
  public static final FleetOptions LOCKSTEP = new FleetOptions(Duration.ofSeconds(60), 100_000, true);

  /** With {@value #DEFAULT_RETRIES} retries per turn. */
  public FleetOptions(Duration turnTimeout, int parallelism, boolean lockstep) {
    this(turnTimeout, parallelism, lockstep, DEFAULT_RETRIES);
  }

  /** These options with {@code n} retries per turn. */
  public FleetOptions withRetries(int n) {
    return new FleetOptions(turnTimeout, parallelism, lockstep, n);
  }

  public FleetOptions {
    if (retries < 0) {
      throw new IllegalArgumentException("retries must be >= 0: " + retries);
    }
    if (turnTimeout == null || turnTimeout.isNegative() || turnTimeout.isZero()) {
      throw new IllegalArgumentException("turn timeout must be > 0: " + Units.config(turnTimeout));
    }
    if (parallelism <= 0) {
      throw new IllegalArgumentException("parallelism must be > 0: " + parallelism);
    }
  }
}
