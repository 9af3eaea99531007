package dev.memloop.blackboard;

import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.Recall;
import java.util.List;
import java.util.Optional;

/**
 * A blackboard as it was at one moment: reads see the posts acknowledged before {@link BlackboardView#snapshot()}
 * was taken and none after, however many arrive meanwhile. What a per-turn agent reads during its turn. Costs
 * nothing to take (it is a post count); reads filter by post sequence, so they are slower than the view's.
 *
 * <p>Thread-safe, like the view it came from.
 */
public final class BoardSnapshot {

  private final BoardMemory memory;
  private final int posts;
  private final MetadataFilter taken;

  BoardSnapshot(BoardMemory memory, int posts) {
    this.memory = memory;
    this.posts = posts;
    this.taken = metadata -> metadata.get(PostCheck.SEQUENCE) instanceof Number n && n.longValue() <= posts;
  }

  /** The most similar post of the snapshot if at least {@code threshold}-similar (query: the board's embedder). */
  public Optional<Recall> matchVector(float[] query, double threshold) {
    if (!(threshold >= -1 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in [-1, 1]: " + threshold);
    }
    return search(MemoryQuery.vector(query).minScore(threshold).build()).stream().findFirst();
  }

  /** As {@link #matchVector(float[], double)} among the posts of {@code kind} only (the guards'). */
  public Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind) {
    if (!(threshold >= -1 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in [-1, 1]: " + threshold);
    }
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    return search(MemoryQuery.vector(query).minScore(threshold).kinds(kind).build()).stream().findFirst();
  }

  /** As {@link #matchVector(float[], double, MemoryKind)} among the posts of one identity ({@code ItemIdentity}). */
  public Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind, String identity) {
    if (!(threshold >= -1 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in [-1, 1]: " + threshold);
    }
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    return search(MemoryQuery.vector(query).minScore(threshold).kinds(kind).identity(identity).build()).stream()
        .findFirst();
  }

  /** The {@code k} posts of the snapshot most similar to {@code query}, best first. */
  public List<Recall> recallVector(float[] query, int k) {
    return search(MemoryQuery.vector(query).k(k).build());
  }

  /** Any read of the snapshot's posts, with a vector query (the board's embedder). */
  public List<Recall> search(MemoryQuery query) {
    if (query == null || query.isText() || query.hybrid()) {
      throw new IllegalArgumentException("a snapshot answers vector queries only (embed with the board's embedder; "
          + "a board keeps no lexical index for a hybrid recall): " + query);
    }
    if (posts == 0) {
      return List.of();
    }
    MetadataFilter filter = query.filter() == null ? taken : taken.and(query.filter());
    MemoryQuery screened = MemoryQuery.vector(query.vector()).k(query.k()).minScore(query.minScore())
        .kinds(query.kinds()).filter(filter).build();
    return memory.search(screened);
  }

  /** Posts the snapshot holds. */
  public int size() {
    return posts;
  }
}
