package dev.memloop.runtime;

import dev.memloop.memory.MemoryItem;
import java.util.List;

/**
 * What an agent takes with it when it moves: its own memory's items (oldest first, with their ids) and how many
 * turns it has completed. Agents without a memory of their own (none, blackboard) move with an empty list.
 */
public record AgentSnapshot(String agentId, int turnsCompleted, List<MemoryItem> items) implements RuntimeMessage {

  public AgentSnapshot {
    if (agentId == null || agentId.isBlank()) {
      throw new IllegalArgumentException("a snapshot needs the agent's id: " + agentId);
    }
    if (turnsCompleted < 0) {
      throw new IllegalArgumentException("turns completed must be >= 0: " + turnsCompleted);
    }
    items = List.copyOf(items);
  }

  public static AgentSnapshot empty(String agentId) {
    return new AgentSnapshot(agentId, 0, List.of());
  }
}
