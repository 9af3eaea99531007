package dev.memloop.runtime.step;

import java.util.List;

/**
 * What a reasoner sees when it decides a step: the observation, the context window's visible messages (oldest
 * first), whatever the memory policy pinned into the context this turn, and the agent's memory as its policy
 * serves it ({@link StepMemory}, valid for this step only). Immutable but for the memory handle.
 */
public record StepContext(String agentId, int turn, int step, Observation observation, List<WindowMessage> window,
    List<String> pinned, StepMemory memory) {

  public StepContext {
    window = List.copyOf(window);
    pinned = List.copyOf(pinned);
    if (memory == null) {
      throw new IllegalArgumentException("a step context needs its memory handle");
    }
  }
}
