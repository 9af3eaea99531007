package dev.memloop.runtime.step;

/**
 * An action the guard allowed, as the runtime hands it to the agent's action executor: which agent, turn and step
 * proposed it, the action line, and the observation it answers. Immutable.
 */
public record Action(String agentId, int turn, int step, String line, Observation observation) {

  public Action {
    if (line == null || line.isBlank()) {
      throw new IllegalArgumentException("an action needs its line: " + line);
    }
  }
}
