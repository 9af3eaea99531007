package dev.memloop.agents.trip;

import java.util.List;

/**
 * Whatever answers the user in the trip task: a simulated model here, a real LLM through the same seam later.
 * It sees the condition's system prompt, the visible window, and the new user message; in the memory
 * condition it may call the tools.
 */
public interface TripModel {

  /** @param tools null outside the memory condition */
  String reply(TripCondition condition, List<String> window, String userMessage, int turn, boolean lastTurn,
      TripTools tools);
}
