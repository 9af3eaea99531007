package dev.memloop.agents.trip;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.patterns.AdaptiveRecall;
import dev.memloop.runtime.patterns.DedupOnWrite;
import java.util.ArrayList;
import java.util.List;

/**
 * The memory condition's tools over the agent's own working memory: {@code remember(text)} and
 * {@code recall(query)}, which returns the k most similar notes (the paper: k = 8), or, with the read-policy
 * patterns, merges re-saved copies on write and reads with {@link AdaptiveRecall}. Counts every write and times
 * every call.
 */
public final class TripTools implements AutoCloseable {

  private final WorkingMemory memory;
  private final int k;
  private final DedupOnWrite dedup; // null: every note added
  private final AdaptiveRecall adaptive; // null: the k nearest
  private final List<Long> rememberNanos = new ArrayList<>();
  private final List<Long> recallNanos = new ArrayList<>();
  private int writes;

  public TripTools(Embedder embedder, int k) {
    this(embedder, k, Double.NaN, null);
  }

  /**
   * Tools with the read-policy patterns: {@code remember} merges a note into its stored near-duplicate at
   * {@code dedupThreshold} (NaN: no dedup), {@code recall} reads with {@code adaptive} (null: the k nearest).
   */
  public TripTools(Embedder embedder, int k, double dedupThreshold, AdaptiveRecall.Settings adaptive) {
    if (k <= 0) {
      throw new IllegalArgumentException("k must be > 0: " + k);
    }
    this.memory = WorkingMemory.builder(embedder).build();
    this.k = k;
    this.dedup = Double.isNaN(dedupThreshold) ? null
        : new DedupOnWrite(memory, embedder, dedupThreshold, DedupOnWrite.Keep.FIRST);
    this.adaptive = adaptive == null ? null : new AdaptiveRecall(memory, embedder, adaptive);
  }

  public String remember(String text) {
    long start = System.nanoTime();
    String id = dedup == null ? memory.add(text) : dedup.write(text).id();
    rememberNanos.add(System.nanoTime() - start);
    writes++;
    return id;
  }

  public List<String> recall(String query) {
    long start = System.nanoTime();
    List<Recall> found = adaptive == null ? memory.recall(query, k) : adaptive.recall(query);
    recallNanos.add(System.nanoTime() - start);
    return found.stream().map(Recall::text).toList();
  }

  public int writes() {
    return writes;
  }

  public int stored() {
    return memory.size();
  }

  public List<Long> rememberNanos() {
    return List.copyOf(rememberNanos);
  }

  public List<Long> recallNanos() {
    return List.copyOf(recallNanos);
  }

  @Override
  public void close() {
    memory.close();
  }
}
