package dev.memloop.memory;

/**
 * Tidies a memory between turns, outside any turn's budget: merges, summarises or drops what the memory no longer
 * needs, without losing an acknowledged fact (what it replaces stays answerable through {@code includeSuperseded},
 * {@code asOf} and history). It works in bounded slices, so that whoever runs it (an agent when idle) can stop between
 * two and let a turn go first; one consolidator follows one memory, from the slice where the last one stopped.
 */
public interface Consolidator {

  /**
   * Does at most {@code budget} items' worth of work on {@code memory} and says what it did.
   *
   * @throws IllegalArgumentException for a null memory or a budget below 1
   */
  Consolidation consolidate(WorkingMemory memory, int budget);

  /**
   * What one slice did.
   *
   * @param examined items looked at
   * @param written items the slice wrote (each standing for several)
   * @param replaced items those stand for, now superseded
   * @param done whether a whole pass over the memory has ended (the next slice starts another)
   */
  record Consolidation(int examined, int written, int replaced, boolean done) {}
}
