package dev.memloop.memory;

import java.util.Map;
import java.util.UUID;

/**
 * Validates and copies item metadata. Values are typed, and the set of types is the one langchain4j
 * stores support, so metadata moves between memloop and langchain4j pipelines unchanged. The one rule every
 * memory, store and handle that takes metadata applies.
 */
public final class MetadataValues {

  private MetadataValues() {}

  /**
   * An unmodifiable, validated copy; the caller's map is never kept.
   *
   * @throws IllegalArgumentException for a null map, a blank key, a null or unsupported value, or a
   *     {@link MemoryKind#KEY} that names no kind, or an
   *     {@link ItemIdentity#KEY} that is not a non-blank string, naming it
   */
  public static Map<String, Object> copyOf(Map<String, ?> metadata) {
    if (metadata == null) {
      throw new IllegalArgumentException("metadata must not be null (pass Map.of() for none)");
    }
    if (metadata.isEmpty()) {
      return Map.of();
    }
    for (Map.Entry<String, ?> e : metadata.entrySet()) {
      String key = e.getKey();
      Object value = e.getValue();
      if (key == null || key.isBlank()) {
        throw new IllegalArgumentException("metadata key must not be null or blank: " + Inputs.show(key));
      }
      if (value == null) {
        throw new IllegalArgumentException("metadata value for key '" + key + "' must not be null");
      }
      if (!supported(value)) {
        throw new IllegalArgumentException("metadata value for key '" + key + "' has unsupported type "
            + value.getClass().getName() + "; supported: String, UUID, Integer, Long, Float, Double");
      }
    }
    MemoryKind.check(metadata);
    ItemIdentity.check(metadata);
    MemoryLifecycle.check(metadata);
    return Map.<String, Object>copyOf(metadata);
  }

  static boolean supported(Object value) {
    return value instanceof String || value instanceof UUID || value instanceof Integer
        || value instanceof Long || value instanceof Float || value instanceof Double;
  }
}
