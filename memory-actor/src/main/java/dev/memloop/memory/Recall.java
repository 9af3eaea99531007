package dev.memloop.memory;

import java.util.Map;
import java.util.Objects;

/**
 * One item found by a search: its id, its text (null for a vector stored without text), its cosine
 * similarity to the query (in [-1, 1], higher is closer), its metadata (never null, unmodifiable), which
 * carries its {@link #kind()} and {@link #author()}, and the score its result is ordered by.
 *
 * <p>A vector search orders its results by similarity, and {@code fused} is NaN. A hybrid recall orders them by
 * {@code fused}, the reciprocal-rank fusion of the vector and the lexical ranks: its similarities then need not
 * descend (an item both searches rank well comes before one nearer in meaning alone), and {@link #rankScore()} is
 * the score that does.
 *
 * @param fused the fused score of a hybrid result, NaN for a vector search's
 */
public record Recall(String id, String text, double similarity, Map<String, Object> metadata, double fused) {

  public Recall {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(metadata, "metadata");
  }

  /** A vector search's result, ordered by its similarity. */
  public Recall(String id, String text, double similarity, Map<String, Object> metadata) {
    this(id, text, similarity, metadata, Double.NaN);
  }

  /** Whether the result came from a hybrid recall, ordered by {@link #fused()}. */
  public boolean hybrid() {
    return !Double.isNaN(fused);
  }

  /** The score the results are ordered by, descending: {@link #fused()} for a hybrid result, else the similarity. */
  public double rankScore() {
    return hybrid() ? fused : similarity;
  }

  /** What the item is: a note, an action, a tool call, an observation or a post ({@link MemoryKind#NOTE} if untold). */
  public MemoryKind kind() {
    return MemoryKind.of(metadata);
  }

  /** The id of the agent that wrote the item, or null when none was recorded. */
  public String author() {
    return MemoryKind.authorOf(metadata);
  }

  /** What the item is about, as its writer gave it, or null ({@link MemoryLifecycle#SUBJECT}). */
  public String subject() {
    return MemoryLifecycle.subjectOf(metadata);
  }

  /** When the item became true, if it was written in time (a subject, a valid-from or a ttl), else null. */
  public java.time.Instant validFrom() {
    return MemoryLifecycle.instantOf(metadata, MemoryLifecycle.VALID_FROM);
  }

  /** When a later version replaced it (its valid-from), or null while it is current. */
  public java.time.Instant validTo() {
    return MemoryLifecycle.instantOf(metadata, MemoryLifecycle.VALID_TO);
  }

  /** The id of the version that replaced it, or null while it is current. */
  public String supersededBy() {
    return metadata.get(MemoryLifecycle.SUPERSEDED_BY) instanceof String id ? id : null;
  }
}
