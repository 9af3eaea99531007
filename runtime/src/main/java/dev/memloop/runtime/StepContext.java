package dev.memloop.runtime;

import java.util.List;

/**
 * What a reasoner sees when it decides a step: the observation, the context window's visible messages
 * (oldest first) and whatever the memory policy pinned into the context this turn. Immutable.
 */
public record StepContext(String agentId, int turn, int step, Observation observation, List<WindowMessage> window,
    List<String> pinned) {

  public StepContext {
    window = List.copyOf(window);
    pinned = List.copyOf(pinned);
  }
}
