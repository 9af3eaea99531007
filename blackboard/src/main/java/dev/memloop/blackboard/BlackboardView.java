package dev.memloop.blackboard;

import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.Recall;
import java.util.List;
import java.util.Optional;

/**
 * The direct read path to a {@link Blackboard} for agents in the same JVM: a method call on the blackboard's
 * thread-safe memory, no message, no {@code ask}. Every post the blackboard has acknowledged is visible to
 * every read that starts after the acknowledgment (the memory's write lock is released before the
 * acknowledgment is sent), and a read never sees half an entry (reads take the read lock).
 *
 * <p>Thread-safe; share one view among any number of agents.
 */
public final class BlackboardView {

  private final BoardMemory memory;

  BlackboardView(BoardMemory memory) {
    this.memory = memory;
  }

  /** Any read of the posts ({@link dev.memloop.memory.WorkingMemory#search}'s contract). */
  public List<Recall> search(MemoryQuery query) {
    return memory.search(query);
  }

  /** The most similar post if at least {@code threshold}-similar. */
  public Optional<Recall> match(String text, double threshold) {
    return memory.match(text, threshold);
  }

  /** {@link #match} for a query the caller embedded with the blackboard's embedder. */
  public Optional<Recall> matchVector(float[] query, double threshold) {
    return memory.matchVector(query, threshold);
  }

  /** {@link #matchVector(float[], double)} among the posts of {@code kind} only (the runtime's guards). */
  public Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind) {
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    return memory.matchVector(query, threshold, kind);
  }

  /**
   * {@link #matchVector(float[], double, MemoryKind)} among the posts of one identity ({@code ItemIdentity}; its
   * {@code NONE} for posts without one): has anyone already done this act on this thing?
   */
  public Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind, String identity) {
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    return memory.matchVector(query, threshold, kind, identity);
  }

  public boolean seen(String text, double threshold) {
    return memory.match(text, threshold).isPresent();
  }

  public List<Recall> recall(String query, int k) {
    return memory.search(MemoryQuery.text(query).k(k).build());
  }

  public List<Recall> recall(String query, int k, MetadataFilter filter) {
    if (filter == null) {
      throw new IllegalArgumentException("filter must not be null (use recall(query, k) for none)");
    }
    return memory.search(MemoryQuery.text(query).k(k).filter(filter).build());
  }

  public List<Recall> recallVector(float[] query, int k) {
    return memory.search(MemoryQuery.vector(query).k(k).build());
  }

  public Optional<float[]> vector(String id) {
    return memory.vector(id);
  }

  public int size() {
    return memory.size();
  }

  /** The board as it is now, for reads that must not see later posts (a per-turn agent's turn). */
  public BoardSnapshot snapshot() {
    return new BoardSnapshot(memory, memory.size());
  }

  public int dimension() {
    return memory.dimension();
  }
}
