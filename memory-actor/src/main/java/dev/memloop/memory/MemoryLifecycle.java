package dev.memloop.memory;

import java.text.Normalizer;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;

/**
 * What an item knows of time, kept under reserved metadata keys so that it travels wherever metadata goes
 * (snapshots, passivation, handoffs, durable agents, pgvector, the MCP journal, a networked store) with no second
 * schema.
 *
 * <p>Stored with the item, and never changed after: its {@link #SUBJECT} (what it is about; a later item of the same
 * kind and author on the same subject supersedes it), {@link #VALID_FROM} (when it became true, epoch milliseconds;
 * the record time unless the writer said), {@link #RECORDED_AT} (when the memory took it) and {@link #EXPIRES_AT}
 * (when it stops being answered, from a time to live). Derived on every read, never stored: {@link #VALID_TO} (the
 * successor's valid-from) and {@link #SUPERSEDED_BY} (the successor's id). Derived, so that a successor's arrival
 * rewrites nothing already written: the MCP journal stays append-only and a pgvector row is never updated.
 *
 * <p>A subject's versions are ordered by valid-from, ties by arrival: the successor of a version is always the next
 * one in that order, so a supersede can never form a cycle.
 */
public final class MemoryLifecycle {

  /** What an item is about (a string, as the writer gave it); items match on its {@link #normalize normal form}. */
  public static final String SUBJECT = "memloop.subject";
  /** When the item became true: epoch milliseconds (a Long). */
  public static final String VALID_FROM = "memloop.valid_from";
  /** When the memory took the item: epoch milliseconds, set by the memory (a snapshot's item keeps its own). */
  public static final String RECORDED_AT = "memloop.recorded_at";
  /** When the item stops being answered: epoch milliseconds (a Long), from its time to live. */
  public static final String EXPIRES_AT = "memloop.expires_at";
  /** Derived on reads of a superseded item: its successor's valid-from, epoch milliseconds. */
  public static final String VALID_TO = "memloop.valid_to";
  /** Derived on reads of a superseded item: its successor's id. */
  public static final String SUPERSEDED_BY = "memloop.superseded_by";
  /**
   * Stored on an item a consolidation made ({@link NearCopyConsolidator}): the ids of the near-copies it stands for,
   * one per line. Each source is superseded by it while it is stored (answerable with {@code includeSuperseded} or
   * {@code asOf} a time before it), and current again if it is removed.
   */
  public static final String MERGED_FROM = "memloop.merged_from";

  /** The longest subject, in characters: a subject names a thing, it is not a document. */
  public static final int MAX_SUBJECT_CHARS = 1_000;

  private MemoryLifecycle() {}

  /**
   * A subject's normal form, the one two subjects match by: Unicode NFKC, lower case, every run of characters that
   * are not letters or digits one space, trimmed. "Maria's home", "maria’s  HOME" and "Maria s home." match.
   */
  public static String normalize(String subject) {
    if (normal(subject)) {
      return subject; // the common subject, already in its normal form: nothing made
    }
    // NFKC changes no ASCII text: skip it (and its copy) for the common subject
    String folded = (ascii(subject) ? subject : Normalizer.normalize(subject, Normalizer.Form.NFKC))
        .toLowerCase(Locale.ROOT);
    StringBuilder out = new StringBuilder(folded.length());
    boolean gap = false;
    for (int i = 0; i < folded.length(); ) {
      int c = folded.codePointAt(i);
      i += Character.charCount(c);
      if (Character.isLetterOrDigit(c)) {
        if (gap && out.length() > 0) {
          out.append(' ');
        }
        out.appendCodePoint(c);
        gap = false;
      } else {
        gap = true;
      }
    }
    return out.toString();
  }

  /** Whether {@code text} is its own normal form: ASCII lower-case letters and digits, single spaces between. */
  private static boolean normal(String text) {
    int n = text.length();
    if (n == 0 || text.charAt(0) == ' ' || text.charAt(n - 1) == ' ') {
      return false;
    }
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      boolean word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
      if (!word && !(c == ' ' && text.charAt(i - 1) != ' ')) {
        return false;
      }
    }
    return true;
  }

  private static boolean hasLetterOrDigit(String text) {
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      if (Character.isLetterOrDigit(c)) {
        return true;
      }
      i += Character.charCount(c);
    }
    return false;
  }

  private static boolean ascii(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  /**
   * A subject a writer or a query gave: refused when null, blank, without a letter or digit, or longer than
   * {@value #MAX_SUBJECT_CHARS} characters.
   *
   * @return its normal form
   */
  public static String checkSubject(String subject, String name) {
    if (subject == null || subject.isBlank()) {
      throw new IllegalArgumentException(name + " must be a non-blank string: " + Inputs.show(subject));
    }
    if (subject.length() > MAX_SUBJECT_CHARS) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "%s of %,d chars is longer than the limit of %,d",
          name, subject.length(), MAX_SUBJECT_CHARS));
    }
    String normal = normalize(subject);
    if (normal.isEmpty()) {
      throw new IllegalArgumentException(name + " has no letter or digit to match by: " + Inputs.show(subject));
    }
    return normal;
  }

  /**
   * {@link #checkSubject} without making the normal form: for a writer's subject, which the memory normalizes once.
   */
  static void checkSubjectShape(String subject, String name) {
    if (subject == null || subject.isBlank() || subject.length() > MAX_SUBJECT_CHARS || !hasLetterOrDigit(subject)) {
      checkSubject(subject, name); // to say why
    }
  }

  /**
   * An instant as the tools and the MCP server take it: ISO-8601 ({@code 2026-03-01T00:00:00Z}) or a date
   * ({@code 2026-03-01}, its start in UTC).
   *
   * @throws IllegalArgumentException naming {@code name} and the value when it parses as neither
   */
  public static Instant parseInstant(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(name + " must be an ISO-8601 instant or date: " + Inputs.show(value));
    }
    String trimmed = value.strip();
    try {
      return trimmed.length() == 10 ? java.time.LocalDate.parse(trimmed).atStartOfDay(java.time.ZoneOffset.UTC)
          .toInstant() : java.time.OffsetDateTime.parse(trimmed).toInstant();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(name + " is not an ISO-8601 instant (2026-03-01T09:00:00Z) or date "
          + "(2026-03-01): " + Inputs.show(value));
    }
  }

  /** The subject an item's metadata records (as written), or null. */
  public static String subjectOf(Map<String, ?> metadata) {
    return metadata.get(SUBJECT) instanceof String s ? s : null;
  }

  /** An epoch-millisecond time an item's metadata records under {@code key}, or null. */
  public static Instant instantOf(Map<String, ?> metadata, String key) {
    return metadata.get(key) instanceof Long millis ? Instant.ofEpochMilli(millis) : null;
  }

  /**
   * Whether {@code metadata} asks for anything in time: a subject, a valid-from or an expiry (a memory that keeps no
   * time refuses such metadata rather than store it inert).
   */
  public static boolean inTime(Map<String, ?> metadata) {
    return metadata.containsKey(SUBJECT) || metadata.containsKey(VALID_FROM) || metadata.containsKey(EXPIRES_AT)
        || metadata.containsKey(MERGED_FROM);
  }

  /**
   * Refuses lifecycle keys that are not what they must be: a subject that {@link #checkSubject} refuses, a time
   * that is not a Long, and the derived keys, which are never written.
   */
  static void check(Map<String, ?> metadata) {
    Object subject = metadata.get(SUBJECT);
    if (subject != null) {
      if (!(subject instanceof String s)) {
        throw new IllegalArgumentException("metadata key '" + SUBJECT + "' must be a string: " + subject);
      }
      checkSubjectShape(s, "metadata key '" + SUBJECT + "'");
    }
    for (String key : new String[] {VALID_FROM, RECORDED_AT, EXPIRES_AT}) {
      Object value = metadata.get(key);
      if (value != null && !(value instanceof Long)) {
        throw new IllegalArgumentException("metadata key '" + key + "' must be epoch milliseconds as a Long: "
            + value + " (" + value.getClass().getSimpleName() + ")");
      }
    }
    Object merged = metadata.get(MERGED_FROM);
    if (merged != null && !(merged instanceof String m && !m.isBlank())) {
      throw new IllegalArgumentException("metadata key '" + MERGED_FROM + "' must name the merged ids, one per line: "
          + merged);
    }
    for (String key : new String[] {VALID_TO, SUPERSEDED_BY}) {
      if (metadata.containsKey(key)) {
        throw new IllegalArgumentException("metadata key '" + key + "' is derived from a subject's versions when "
            + "read and cannot be written; write the successor with the same subject instead");
      }
    }
  }
}
