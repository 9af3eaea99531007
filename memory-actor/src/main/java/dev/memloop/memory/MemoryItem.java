package dev.memloop.memory;

import java.util.Map;

/**
 * One stored item as it can leave its memory: its id, text (null for a bare vector), unit-length vector and
 * metadata. What a snapshot of a memory is made of, so that the memory can be rebuilt elsewhere with the same
 * ids ({@link WorkingMemory#addVector(String, float[], String, Map)} each item, oldest first).
 */
public record MemoryItem(String id, String text, float[] vector, Map<String, Object> metadata) {

  public MemoryItem {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("an item needs an id: " + id);
    }
    if (vector == null || vector.length == 0) {
      throw new IllegalArgumentException("item " + id + " needs a vector");
    }
    metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
  }

  /** What the item is ({@link MemoryKind#NOTE} if untold); it moves with the item's metadata. */
  public MemoryKind kind() {
    return MemoryKind.of(metadata);
  }

  /** The id of the agent that wrote the item, or null. */
  public String author() {
    return MemoryKind.authorOf(metadata);
  }
}
