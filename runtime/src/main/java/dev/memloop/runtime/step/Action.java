package dev.memloop.runtime.step;

import java.util.Objects;

/**
 * An action the guard allowed, as the runtime hands it to the agent's action executor: which agent, turn and step
 * proposed it, the action line, the observation it answers, and how its identity was given (a structured call's
 * arguments are {@code identity().call()}, an idempotency key {@code identity().idempotencyKey()}). Immutable.
 */
public record Action(String agentId, int turn, int step, String line, Observation observation,
    ActionIdentity identity) {

  public Action {
    if (line == null || line.isBlank()) {
      throw new IllegalArgumentException("an action needs its line: " + line);
    }
    Objects.requireNonNull(identity, "identity (ActionIdentity.FROM_LINE for a plain line)");
  }

  /** An action whose identity is read from its line. */
  public Action(String agentId, int turn, int step, String line, Observation observation) {
    this(agentId, turn, step, line, observation, ActionIdentity.FROM_LINE);
  }
}
