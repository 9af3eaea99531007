package dev.memloop.runtime.step;

/** The operations of an agent's memory handle ({@link StepMemory}). */
public enum MemoryOp {
  /** The k most similar items. */
  RECALL,
  /** The most similar item at or above a threshold. */
  MATCH,
  /** A match at the agent's guard threshold. */
  SEEN,
  /** A write. */
  REMEMBER,
  /**
   * A write about a subject ({@link StepMemory#remember(String, String)}): it supersedes the agent's current note on
   * that subject, if there is one.
   */
  SUPERSEDE;

  /** Whether the operation reads (and so is charged to the turn's budget). */
  public boolean reads() {
    return this != REMEMBER && this != SUPERSEDE;
  }

  /** Whether the operation writes. */
  public boolean writes() {
    return !reads();
  }
}
