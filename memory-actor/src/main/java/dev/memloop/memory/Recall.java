package dev.memloop.memory;

import java.util.Map;
import java.util.Objects;

/**
 * One item found by a search: its id, its text (null for a vector stored without text), its cosine
 * similarity to the query (in [-1, 1], higher is closer) and its metadata (never null, unmodifiable), which
 * carries its {@link #kind()} and {@link #author()}.
 */
public record Recall(String id, String text, double similarity, Map<String, Object> metadata) {

  public Recall {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(metadata, "metadata");
  }

  /** What the item is: a note, an action, a tool call, an observation or a post ({@link MemoryKind#NOTE} if untold). */
  public MemoryKind kind() {
    return MemoryKind.of(metadata);
  }

  /** The id of the agent that wrote the item, or null when none was recorded. */
  public String author() {
    return MemoryKind.authorOf(metadata);
  }
}
