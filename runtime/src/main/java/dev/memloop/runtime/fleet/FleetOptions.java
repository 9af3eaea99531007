package dev.memloop.runtime.fleet;

import dev.memloop.memory.timing.Units;
import java.time.Duration;

/**
 * How a fleet runs: {@code turnTimeout} bounds one turn's answer (a fleet never hangs on a lost agent),
 * {@code parallelism} caps how many agents have a turn in flight at once, and {@code lockstep} makes every
 * agent finish turn t before any starts turn t + 1 (agents sharing a blackboard then work on one clock).
 */
public record FleetOptions(Duration turnTimeout, int parallelism, boolean lockstep) {

  public static final FleetOptions DEFAULT = new FleetOptions(Duration.ofSeconds(60), 100_000, false);
  public static final FleetOptions LOCKSTEP = new FleetOptions(Duration.ofSeconds(60), 100_000, true);

  public FleetOptions {
    if (turnTimeout == null || turnTimeout.isNegative() || turnTimeout.isZero()) {
      throw new IllegalArgumentException("turn timeout must be > 0: " + Units.config(turnTimeout));
    }
    if (parallelism <= 0) {
      throw new IllegalArgumentException("parallelism must be > 0: " + parallelism);
    }
  }
}
