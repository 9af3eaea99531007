package dev.memloop.memory;

import java.util.Map;
import java.util.Objects;

/**
 * A condition on an item's metadata, for filtered recall and removal. Items stored without metadata are
 * tested against an empty map. Filters run inside the memory's search and must not call back into it.
 */
@FunctionalInterface
public interface MetadataFilter {

  boolean test(Map<String, Object> metadata);

  /** Items whose {@code key} holds a value equal to {@code value} (same type, {@link Object#equals}). */
  static MetadataFilter eq(String key, Object value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    return metadata -> value.equals(metadata.get(key));
  }

  /** Items that have {@code key}. */
  static MetadataFilter has(String key) {
    Objects.requireNonNull(key, "key");
    return metadata -> metadata.containsKey(key);
  }

  default MetadataFilter and(MetadataFilter other) {
    Objects.requireNonNull(other, "other");
    return metadata -> test(metadata) && other.test(metadata);
  }

  default MetadataFilter or(MetadataFilter other) {
    Objects.requireNonNull(other, "other");
    return metadata -> test(metadata) || other.test(metadata);
  }

  default MetadataFilter negate() {
    return metadata -> !test(metadata);
  }
}
