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
  REMOTE,
  /**
   * PostgreSQL + pgvector (networked only): each agent's items are rows of one table under its id, read and
   * written by its store actor over JDBC on the store dispatcher ({@code memloop.store-dispatcher}); the memory
   * outlives the agent, and while the database is away lookups fail (the steps run unguarded, counted as timed
   * out) and writes are refused with the reason. Settings: {@code memloop.pgvector}.
   */
  PGVECTOR
}
