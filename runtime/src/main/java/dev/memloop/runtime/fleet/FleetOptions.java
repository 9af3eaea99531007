package dev.memloop.runtime.fleet;

import java.time.Duration;

/**
 * How a fleet runs: {@code turnTimeout} bounds one turn's answer (a fleet never hangs on a lost agent), and
 * {@code parallelism} caps how many agents have a turn in flight at once.
 */
public record FleetOptions(Duration turnTimeout, int parallelism) {

  public static final FleetOptions DEFAULT = new FleetOptions(Duration.ofSeconds(60), 100_000);

  public FleetOptions {
    if (turnTimeout == null || turnTimeout.isNegative() || turnTimeout.isZero()) {
      throw new IllegalArgumentException("turn timeout must be > 0: " + turnTimeout);
    }
    if (parallelism <= 0) {
      throw new IllegalArgumentException("parallelism must be > 0: " + parallelism);
    }
  }
}
