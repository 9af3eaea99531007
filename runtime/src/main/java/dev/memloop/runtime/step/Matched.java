package dev.memloop.runtime.step;

import dev.memloop.memory.Recall;
import java.util.Optional;

/**
 * The answer to {@link StepMemory#match} and {@link StepMemory#seen}: the most similar item at or above the
 * threshold, if the memory answered and held one, and how the call went. Immutable.
 *
 * @param best the match, null when nothing reached the threshold or the memory did not answer
 */
public record Matched(Recall best, MemoryCall call) {

  public Matched {
    if (call == null) {
      throw new IllegalArgumentException("a match's answer needs its call record");
    }
  }

  public Optional<Recall> match() {
    return Optional.ofNullable(best);
  }

  /** Whether an item at or above the threshold was found. */
  public boolean found() {
    return best != null;
  }

  public MemoryOutcome outcome() {
    return call.outcome();
  }

  /** Whether the memory answered (an unaffordable, timed-out or memoryless read did not). */
  public boolean answered() {
    return call.outcome() == MemoryOutcome.ANSWERED;
  }
}
