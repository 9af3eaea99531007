package dev.memloop.memory;

import java.util.Map;
import java.util.Objects;

/**
 * One item found by a search: its id, its text (null for a vector stored without text), its cosine
 * similarity to the query (in [-1, 1], higher is closer) and its metadata (never null, unmodifiable).
 */
public record Recall(String id, String text, double similarity, Map<String, Object> metadata) {

  public Recall {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(metadata, "metadata");
  }
}
