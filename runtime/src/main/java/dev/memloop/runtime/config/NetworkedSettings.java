package dev.memloop.runtime.config;

import dev.memloop.memory.timing.Units;
import java.time.Duration;

/**
 * A networked agent's store requests ({@code memloop.agent.networked}). Immutable; checked here.
 *
 * @param rtt the round trip injected into every request (0 for none)
 * @param timeout the longest a read waits for its reply, never past the turn's remaining budget
 */
public record NetworkedSettings(Duration rtt, Duration timeout) {

  public NetworkedSettings {
    if (rtt == null || rtt.isNegative()) {
      throw new IllegalArgumentException("networked.rtt must be >= 0: " + Units.config(rtt));
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("networked.timeout must be > 0: " + Units.config(timeout));
    }
  }
}
