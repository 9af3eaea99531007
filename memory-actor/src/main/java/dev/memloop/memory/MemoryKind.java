package dev.memloop.memory;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What an item is: a note a reasoner remembered, an action the runtime executed, a tool call, an observation, or a
 * post on a blackboard. Every item has exactly one kind and at most one author (the agent that wrote it), read with
 * {@link Recall#kind()} and {@link Recall#author()}; a query names the kinds it wants with
 * {@link MemoryQuery.Builder#kinds}, and the runtime's guards ask for theirs only (the action guard for actions,
 * the tool guard for tool calls), so a note worded like an action never blocks the action.
 *
 * <p>Kind and author travel with the item wherever its metadata goes (snapshots, passivation, a handoff to another
 * node, pgvector, a durable agent's journal) under the two reserved keys {@link #KEY} and {@link #AUTHOR_KEY}:
 * the stores stay one generic table of vectors and metadata, and every path that keeps metadata keeps the kind
 * without a second schema. An item stored without a kind (by a caller of {@link WorkingMemory#add} directly, or
 * before kinds existed) is a {@link #NOTE}. Metadata whose {@link #KEY} does not name a kind is refused when it
 * is written ({@link MetadataValues#copyOf}).
 */
public enum MemoryKind {

  /** A line a reasoner remembered: what {@code recall} answers by default. */
  NOTE,
  /** The line of an action the runtime executed: what the action guard matches. */
  ACTION,
  /** A tool call the runtime ran, as its canonical line: what the tool guard matches. */
  TOOL_CALL,
  /** An observation the runtime kept (the novelty check's memory). */
  OBSERVATION,
  /** A post on a blackboard by a writer other than the runtime's agents. */
  POST;

  /** The metadata key an item's kind is kept under (its {@link #name()} as the value). */
  public static final String KEY = "memloop.kind";

  /** The metadata key an item's author (the writing agent's id) is kept under. */
  public static final String AUTHOR_KEY = "memloop.author";

  /** The prefix of every key memloop keeps for itself: a reasoner's own metadata may not use it. */
  public static final String RESERVED_PREFIX = "memloop.";

  private static final Map<String, MemoryKind> BY_NAME = new HashMap<>();

  static {
    for (MemoryKind kind : values()) {
      BY_NAME.put(kind.name(), kind);
    }
  }

  // One filter per kind, made once: the guards ask on every step and must not allocate one per lookup.
  private final MetadataFilter only = metadata -> of(metadata) == this;

  /** The items of this kind. */
  public MetadataFilter filter() {
    return only;
  }

  /** The items of any of {@code kinds} (not empty). */
  public static MetadataFilter filter(Set<MemoryKind> kinds) {
    if (kinds == null || kinds.isEmpty()) {
      throw new IllegalArgumentException("kinds must not be null or empty: " + kinds);
    }
    if (kinds.size() == 1) {
      return kinds.iterator().next().filter();
    }
    EnumSet<MemoryKind> wanted = EnumSet.copyOf(kinds);
    return metadata -> wanted.contains(of(metadata));
  }

  /** The kind {@code metadata} records; {@link #NOTE} when it records none. */
  public static MemoryKind of(Map<String, ?> metadata) {
    Object value = metadata.get(KEY);
    if (value == null) {
      return NOTE;
    }
    MemoryKind kind = value instanceof String name ? BY_NAME.get(name) : null;
    return kind == null ? NOTE : kind; // refused at the write: only metadata from before that check gets here
  }

  /** The author {@code metadata} records, or null. */
  public static String authorOf(Map<String, ?> metadata) {
    return metadata.get(AUTHOR_KEY) instanceof String author ? author : null;
  }

  /**
   * {@code metadata} with this kind and {@code author} (null for none) added: what the runtime stores with an item.
   * The caller's map is not changed.
   */
  public Map<String, Object> tag(String author, Map<String, ?> metadata) {
    Map<String, Object> tagged = new HashMap<>(metadata);
    tagged.put(KEY, name());
    if (author != null) {
      tagged.put(AUTHOR_KEY, author);
    }
    return tagged;
  }

  /** The lower-case, dashed name used in configuration and on the command line ({@code tool-call}). */
  public String configName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The kind {@code name} names ({@code note}, {@code tool-call}, or the constant's name).
   *
   * @throws IllegalArgumentException naming the value and the kinds there are
   */
  public static MemoryKind parse(String name) {
    if (name != null) {
      MemoryKind kind = BY_NAME.get(name.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
      if (kind != null) {
        return kind;
      }
    }
    throw new IllegalArgumentException("unknown memory kind: " + Inputs.show(name)
        + " (one of note, action, tool-call, observation, post)");
  }

  /** Refuses a {@link #KEY} value that names no kind, and an {@link #AUTHOR_KEY} value that is not a string. */
  static void check(Map<String, ?> metadata) {
    Object kind = metadata.get(KEY);
    if (kind != null && !(kind instanceof String name && BY_NAME.containsKey(name))) {
      throw new IllegalArgumentException("metadata key '" + KEY + "' must name a memory kind (NOTE, ACTION, "
          + "TOOL_CALL, OBSERVATION, POST): " + kind);
    }
    Object author = metadata.get(AUTHOR_KEY);
    if (author != null && !(author instanceof String)) {
      throw new IllegalArgumentException("metadata key '" + AUTHOR_KEY + "' must be a string: " + author);
    }
  }
}
