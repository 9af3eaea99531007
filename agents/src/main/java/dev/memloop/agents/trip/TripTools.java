package dev.memloop.agents.trip;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.ArrayList;
import java.util.List;

/**
 * The memory condition's tools over the agent's own working memory: {@code remember(text)} and
 * {@code recall(query)}, which returns the k most similar notes (the paper: k = 8). Counts every write and times
 * every call.
 */
public final class TripTools implements AutoCloseable {

  private final WorkingMemory memory;
  private final int k;
  private final List<Long> rememberNanos = new ArrayList<>();
  private final List<Long> recallNanos = new ArrayList<>();
  private int writes;

  public TripTools(Embedder embedder, int k) {
    if (k <= 0) {
      throw new IllegalArgumentException("k must be > 0: " + k);
    }
    this.memory = WorkingMemory.builder(embedder).build();
    this.k = k;
  }

  public String remember(String text) {
    long start = System.nanoTime();
    String id = memory.add(text);
    rememberNanos.add(System.nanoTime() - start);
    writes++;
    return id;
  }

  public List<String> recall(String query) {
    long start = System.nanoTime();
    List<Recall> found = memory.recall(query, k);
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
