package dev.memloop.runtime.config;

/** Where an agent's memory lives ({@code memloop.agent.memory.store}). */
public enum MemoryStoreKind {
  /** Its own: a WorkingMemory it owns, or (networked) its own MemoryStore. */
  OWN,
  /** The fleet's shared blackboard. */
  BLACKBOARD
}
