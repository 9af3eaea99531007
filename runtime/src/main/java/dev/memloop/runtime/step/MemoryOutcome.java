package dev.memloop.runtime.step;

/** How a memory call ended. */
public enum MemoryOutcome {
  /** A read answered (its result may be empty). */
  ANSWERED,
  /** A read the turn's remaining budget could not cover: answered at once, with nothing, and nothing was sent. */
  UNAFFORDABLE,
  /**
   * A read sent but not answered within its timeout (store gone, node down, budget spent while waiting), or
   * answered that its store's database could not be reached.
   */
  TIMED_OUT,
  /** The policy is none: a read comes back empty and a write is refused. */
  NO_MEMORY,
  /** A write stored under a new id. */
  STORED,
  /** A write merged into a stored near-duplicate (dedup-on-write), under that item's id. */
  MERGED,
  /** A write held for the end of the turn (per-turn). */
  BUFFERED,
  /**
   * A write the memory refused (full without eviction, closed, a post the blackboard rejected, a database that
   * could not be reached), with the reason; nothing was stored.
   */
  REFUSED,
  /** Not answered yet when its step ended (a write sent over the network that the step did not wait for). */
  PENDING;

  /** Whether a write outcome means the memory holds the text (or will, for buffered and pending writes). */
  public boolean kept() {
    return this == STORED || this == MERGED || this == BUFFERED || this == PENDING;
  }
}
