package dev.memloop.memory;

import java.time.Instant;
import java.util.Map;

/**
 * One version of a subject ({@link WorkingMemory#history(String)}): the item, when it was true and what replaced it.
 *
 * @param validTo null while it is current
 * @param supersededBy the successor's id, null while it is current
 * @param metadata the item's metadata as stored (with its kind, author and subject)
 */
public record MemoryVersion(String id, String text, String subject, Instant validFrom, Instant validTo,
    String supersededBy, Instant recordedAt, Map<String, Object> metadata) {

  /** Whether no later version replaced this one. */
  public boolean current() {
    return supersededBy == null;
  }

  /** What the item is. */
  public MemoryKind kind() {
    return MemoryKind.of(metadata);
  }

  /** The id of the agent that wrote it, or null. */
  public String author() {
    return MemoryKind.authorOf(metadata);
  }
}
