package dev.memloop.runtime.patterns;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.ArrayList;
import java.util.List;

/**
 * A claim checked against retrieved support as it is produced: the claim is grounded when at least one item of the
 * memory (the sources, the facts the agent was given) is {@code threshold}-similar to it, and the answer carries
 * that support, most similar first, at most {@code k} items. Read-only: the memory is never changed.
 */
public final class GroundingCheck {

  /** Grounded with its support (non-empty), or ungrounded (empty support) with the nearest item, if any. */
  public record Grounding(boolean grounded, List<Recall> support, Recall nearest) {
    public Grounding {
      support = List.copyOf(support);
    }
  }

  /** What the checks found so far. */
  public record Counters(long checked, long grounded, long ungrounded) {}

  private final WorkingMemory sources;
  private final Embedder embedder;
  private final double threshold;
  private final int k;
  private long checked;
  private long grounded;

  public GroundingCheck(WorkingMemory sources, Embedder embedder, double threshold, int k) {
    if (sources == null || embedder == null) {
      throw new IllegalArgumentException("a grounding check needs its sources and an embedder");
    }
    if (k <= 0) {
      throw new IllegalArgumentException("grounding k must be > 0: " + k);
    }
    this.sources = sources;
    this.embedder = embedder;
    this.threshold = Thresholds.similarity("grounding threshold", threshold);
    this.k = k;
  }

  public Grounding check(String claim) {
    Thresholds.text("claim", claim);
    checked++;
    float[] vector = embedder.embed(claim);
    if (Embedder.isZero(vector) || sources.size() == 0) {
      return new Grounding(false, List.of(), null);
    }
    List<Recall> nearest = sources.recallVector(vector, k);
    List<Recall> support = new ArrayList<>();
    for (Recall r : nearest) {
      if (r.similarity() >= threshold) {
        support.add(r);
      }
    }
    if (!support.isEmpty()) {
      grounded++;
    }
    return new Grounding(!support.isEmpty(), support, nearest.isEmpty() ? null : nearest.get(0));
  }

  public Counters counters() {
    return new Counters(checked, grounded, checked - grounded);
  }
}
