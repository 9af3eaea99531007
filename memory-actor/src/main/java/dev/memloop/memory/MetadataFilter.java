package dev.memloop.memory;

import java.util.Map;

/**
 * A condition on an item's metadata, for filtered recall and removal. Items stored without metadata are
 * tested against an empty map. Filters run inside the memory's search and must not call back into it.
 */
@FunctionalInterface
public interface MetadataFilter {

  boolean test(Map<String, Object> metadata);

  /** Items whose {@code key} holds a value equal to {@code value} (same type, {@link Object#equals}). */
  static MetadataFilter eq(String key, Object value) {
    requireKey(key);
    if (value == null) {
      throw new IllegalArgumentException("filter value for key '" + key + "' must not be null");
    }
    return metadata -> value.equals(metadata.get(key));
  }

  /** Items that have {@code key}. */
  static MetadataFilter has(String key) {
    requireKey(key);
    return metadata -> metadata.containsKey(key);
  }

  default MetadataFilter and(MetadataFilter other) {
    requireOther(other);
    return metadata -> test(metadata) && other.test(metadata);
  }

  default MetadataFilter or(MetadataFilter other) {
    requireOther(other);
    return metadata -> test(metadata) || other.test(metadata);
  }

  default MetadataFilter negate() {
    return metadata -> !test(metadata);
  }

  private static void requireKey(String key) {
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException("filter key must not be null or blank: " + Inputs.show(key));
    }
  }

  private static void requireOther(MetadataFilter other) {
    if (other == null) {
      throw new IllegalArgumentException("the other filter must not be null");
    }
  }
}
