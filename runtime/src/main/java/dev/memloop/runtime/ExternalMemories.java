package dev.memloop.runtime;

import dev.memloop.memory.WorkingMemory;

/**
 * Agents' memories kept outside the process, one per agent id (a database: {@code memory.store = pgvector}, where
 * {@link dev.memloop.pgvector.PgVectorStore} is one). A networked agent's store actor serves the memory opened for
 * its id on {@code memloop.store-dispatcher}, whose threads may block on it; opening must be cheap (no I/O), since
 * it happens as the agent starts. The memory outlives the agent: an agent started again under the same id finds it.
 */
@FunctionalInterface
public interface ExternalMemories {

  /** The memory of agent {@code agentId}; its calls may block and may throw MemoryUnavailableException. */
  WorkingMemory open(String agentId);
}
