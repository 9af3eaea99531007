package dev.memloop.runtime.internal.memory;

import dev.memloop.runtime.step.MemoryOutcome;

/** Hears how a write ended; called exactly once, on the agent's thread (at once, or when acknowledged). */
@FunctionalInterface
public interface WriteListener {

  /**
   * @param idOrReason the item's id ({@code STORED}, {@code MERGED}), or why it was refused; null when held
   * @param embedNanos embedding the text, in process (0 when the embedding was the guard's, reused)
   */
  void done(MemoryOutcome outcome, String idOrReason, long embedNanos, long storeNanos, long delayNanos);
}
