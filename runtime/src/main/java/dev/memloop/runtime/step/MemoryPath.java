package dev.memloop.runtime.step;

/** How a memory call reached the memory: what its policy made of it. */
public enum MemoryPath {
  /** A method call on the agent's own working memory (per-step): no message, no lock. */
  DIRECT,
  /** A method call on the shared blackboard's view, the agent's unacknowledged posts counted (per-step). */
  BOARD_VIEW,
  /** Read from the memory as it was when the turn started (per-turn). */
  SNAPSHOT,
  /** Held until the turn ends, then written (per-turn). */
  BUFFER,
  /** A message to a {@code MemoryStore} actor, the agent's own or one on a store node, with its round trip. */
  STORE,
  /** A message to the blackboard's read port, with its round trip (networked on a blackboard). */
  BOARD_PORT,
  /** A post to the blackboard actor, readable once acknowledged. */
  BOARD_POST,
  /** Nowhere: the policy is none. */
  NONE
}
