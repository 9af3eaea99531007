package dev.memloop.runtime.internal.memory;

import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.ReadCost;

/** Hears how a charged read ended; called exactly once, on the agent's thread. */
@FunctionalInterface
public interface ReadListener<T> {

  /**
   * @param outcome {@link MemoryOutcome#ANSWERED}, {@link MemoryOutcome#UNAFFORDABLE} or
   *     {@link MemoryOutcome#TIMED_OUT}
   * @param value the answer: the match (null for none) or the items (empty for none); nothing unless answered
   */
  void done(MemoryOutcome outcome, T value, ReadCost cost);
}
