package dev.memloop.runtime.step;

import dev.memloop.memory.Recall;
import java.util.List;

/**
 * The answer to {@link StepMemory#recall}: the items found, best first, and how the call went. {@code items} is
 * empty unless the outcome is {@link MemoryOutcome#ANSWERED}. Immutable.
 */
public record Recalled(List<Recall> items, MemoryCall call) {

  public Recalled {
    items = List.copyOf(items);
    if (call == null) {
      throw new IllegalArgumentException("a recall's answer needs its call record");
    }
  }

  public MemoryOutcome outcome() {
    return call.outcome();
  }

  /** Whether the memory answered (an unaffordable, timed-out or memoryless read did not). */
  public boolean answered() {
    return call.outcome() == MemoryOutcome.ANSWERED;
  }
}
