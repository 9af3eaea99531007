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
  REMEMBER;

  /** Whether the operation reads (and so is charged to the turn's budget). */
  public boolean reads() {
    return this != REMEMBER;
  }
}
