package dev.memloop.runtime.config;

/** Where an agent's memory lives ({@code memloop.agent.memory.store}). */
public enum MemoryStoreKind {
  /** Its own: a WorkingMemory it owns, or (networked) its own MemoryStore. */
  OWN,
  /** The fleet's shared blackboard. */
  BLACKBOARD,
  /**
   * A {@code MemoryStore} on a cluster node with the store role, reached across nodes (networked only): the
   * memory outlives the agent's moves, and when its node dies the agent's lookups time out and its steps run
   * unguarded.
   */
  REMOTE
}
