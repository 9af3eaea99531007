package dev.memloop.memory;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * One write that knows time: a text, what it is about, when it became true and how long it lives. Given to
 * {@link WorkingMemory#write(MemoryWrite)}.
 *
 * <pre>{@code
 * memory.write(MemoryWrite.text("Maria lives in Lisbon").subject("Maria's home").build());
 * memory.write(MemoryWrite.text("Maria moved to Berlin").subject("maria's home")
 *     .validFrom(Instant.parse("2026-03-01T00:00:00Z")).build());   // supersedes the first
 * memory.recall("where does Maria live?", 1);                       // Berlin only
 * }</pre>
 *
 * <p>A subject makes the write supersede the current item of the same kind and author on the same subject (after
 * {@link MemoryLifecycle#normalize}); {@code validFrom} defaults to the time the memory records it; a time to live
 * makes it expire (never answered after, then purged). Bad values throw {@link IllegalArgumentException} naming them,
 * at {@link Builder#build()}; a valid-from too far past the record time is the memory's to refuse (only it knows
 * its clock).
 *
 * @param subject null for none
 * @param validFrom null for the record time
 * @param ttl null for the memory's default for the item's kind (none unless configured)
 */
public record MemoryWrite(String text, String subject, Instant validFrom, Duration ttl, Map<String, Object> metadata) {

  public MemoryWrite {
    Inputs.text(text, "text");
    if (subject != null) {
      MemoryLifecycle.checkSubjectShape(subject, "subject"); // its normal form is made once, by the memory
    }
    if (ttl != null && (ttl.isZero() || ttl.isNegative())) {
      throw new IllegalArgumentException("ttl must be a positive duration: " + ttl);
    }
    metadata = MetadataValues.copyOf(metadata == null ? Map.of() : metadata);
    for (String key : new String[] {MemoryLifecycle.SUBJECT, MemoryLifecycle.VALID_FROM,
        MemoryLifecycle.EXPIRES_AT, MemoryLifecycle.RECORDED_AT}) {
      if (metadata.containsKey(key)) {
        throw new IllegalArgumentException("metadata key '" + key + "' is this write's own: give it with "
            + "MemoryWrite's subject, validFrom or ttl");
      }
    }
  }

  /** A builder for a write of {@code text}. */
  public static Builder text(String text) {
    return new Builder(text);
  }

  /**
   * The metadata the memory stores: the caller's, with the subject, the valid-from and the expiry ({@code nowMillis}
   * plus the time to live) under their reserved keys ({@link MemoryLifecycle}).
   */
  public Map<String, Object> storedMetadata(long nowMillis) {
    Duration lives = ttl;
    if (!inTime()) {
      return metadata;
    }
    if (metadata.isEmpty() && lives == null && subject != null && validFrom != null) { // the common dated fact
      return Map.of(MemoryLifecycle.SUBJECT, subject, MemoryLifecycle.VALID_FROM, validFrom.toEpochMilli());
    }
    Map<String, Object> out = new HashMap<>(metadata);
    if (subject != null) {
      out.put(MemoryLifecycle.SUBJECT, subject);
    }
    if (validFrom != null) { // else the memory dates a subject's write when it records it
      out.put(MemoryLifecycle.VALID_FROM, validFrom.toEpochMilli());
    }
    if (lives != null) {
      out.put(MemoryLifecycle.EXPIRES_AT, saturatedAdd(nowMillis, lives));
    }
    return Map.copyOf(out);
  }

  /** Whether the write asks for anything in time: a subject, a valid-from or a time to live. */
  public boolean inTime() {
    return subject != null || validFrom != null || ttl != null;
  }

  static long saturatedAdd(long millis, Duration plus) {
    try {
      return Math.addExact(millis, plus.toMillis());
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  /** Builds a {@link MemoryWrite}; not thread-safe. */
  public static final class Builder {
    private final String text;
    private String subject;
    private Instant validFrom;
    private Duration ttl;
    private Map<String, ?> metadata = Map.of();

    private Builder(String text) {
      this.text = text;
    }

    /** What the text is about: a later write on the same subject (same kind and author) supersedes this one. */
    public Builder subject(String subject) {
      this.subject = subject;
      return this;
    }

    /** When the text became true; the record time by default. */
    public Builder validFrom(Instant validFrom) {
      this.validFrom = validFrom;
      return this;
    }

    /** How long the item is answered (positive); the memory's default for its kind by default. */
    public Builder ttl(Duration ttl) {
      this.ttl = ttl;
      return this;
    }

    /** The caller's metadata (the same rules as {@link WorkingMemory#add(String, Map)}). */
    public Builder metadata(Map<String, ?> metadata) {
      this.metadata = metadata;
      return this;
    }

    /** @throws IllegalArgumentException naming the value */
    @SuppressWarnings("unchecked")
    public MemoryWrite build() {
      return new MemoryWrite(text, subject, validFrom, ttl, (Map<String, Object>) metadata);
    }
  }
}
