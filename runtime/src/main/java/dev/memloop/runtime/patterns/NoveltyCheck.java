package dev.memloop.runtime.patterns;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryFullException;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.Map;
import java.util.Optional;

/**
 * Every observation checked against what was seen: a novel one passes and is remembered; a repeat (at least
 * {@code threshold}-similar to an earlier observation) is tagged with that earlier item and not stored again.
 * The memory is the agent's own, called directly; give the check a memory of its own (observations, not actions).
 */
public final class NoveltyCheck {

  /** The check's answer: {@code earlier} is the item this observation repeats, null when it is novel. */
  public record Novelty(boolean novel, Recall earlier, String storedId) {}

  /** What the checks found so far. */
  public record Counters(long checked, long novel, long repeats, long notStored) {}

  private final WorkingMemory seen;
  private final Embedder embedder;
  private final double threshold;
  private long checked;
  private long novel;
  private long notStored;

  public NoveltyCheck(WorkingMemory seen, Embedder embedder, double threshold) {
    if (seen == null || embedder == null) {
      throw new IllegalArgumentException("a novelty check needs a memory and an embedder");
    }
    if (seen.dimension() != embedder.dimension()) {
      throw new IllegalArgumentException("memory dimension " + seen.dimension() + " != embedder dimension "
          + embedder.dimension());
    }
    this.seen = seen;
    this.embedder = embedder;
    this.threshold = Thresholds.similarity("novelty threshold", threshold);
  }

  /**
   * Checks {@code observation} and remembers it if novel. A novel observation that the memory cannot take (full,
   * without eviction) still passes as novel, with a null {@code storedId}, and is counted.
   */
  public Novelty observe(String observation) {
    Thresholds.text("observation", observation);
    checked++;
    float[] vector = embedder.embed(observation);
    if (!Embedder.isZero(vector)) {
      Optional<Recall> earlier = seen.matchVector(vector, threshold);
      if (earlier.isPresent()) {
        return new Novelty(false, earlier.get(), null);
      }
    }
    novel++;
    if (Embedder.isZero(vector)) { // no known token: nothing to compare it with later either
      notStored++;
      return new Novelty(true, null, null);
    }
    try {
      return new Novelty(true, null, seen.addVector(vector, observation, Map.of()));
    } catch (MemoryFullException full) {
      notStored++;
      return new Novelty(true, null, null);
    }
  }

  public Counters counters() {
    return new Counters(checked, novel, checked - novel, notStored);
  }
}
