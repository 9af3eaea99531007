package dev.memloop.runtime.step;

/**
 * The answer to {@link StepMemory#remember}: the item's id once it is stored (null while buffered), the reason a
 * refused write was refused, and how the call went. Immutable.
 *
 * @param id the new item's id ({@link MemoryOutcome#STORED}) or the id it merged into ({@link MemoryOutcome#MERGED})
 * @param reason why the write was refused ({@link MemoryOutcome#REFUSED}, {@link MemoryOutcome#NO_MEMORY}), else null
 */
public record Remembered(String id, String reason, MemoryCall call) {

  public Remembered {
    if (call == null) {
      throw new IllegalArgumentException("a write's answer needs its call record");
    }
  }

  public MemoryOutcome outcome() {
    return call.outcome();
  }

  /** Whether the memory holds the text, or will at turn end (buffered). */
  public boolean kept() {
    return call.outcome().kept();
  }
}
