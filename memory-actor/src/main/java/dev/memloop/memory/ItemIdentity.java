package dev.memloop.memory;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Which thing an item is about, as the exact text two items must share to be about the same thing: the runtime's
 * guards write an action's identifiers here ({@code ids:["order-42"]}), an idempotency key ({@code key:...}) or a
 * structured action's arguments ({@code args:{...}}), and match an action only among the items of its identity, by
 * the meaning of the rest of its words. An item without one (a note, an action that names nothing) carries none.
 *
 * <p>The identity travels with the item under one reserved metadata key, {@link #KEY}, as its kind does, so that
 * snapshots, passivation, handoffs, pgvector rows, journals, boards and networked stores keep it without a schema of
 * their own; a query asks for an identity as data ({@link MemoryQuery.Builder#identity}), so it crosses the network
 * as a kind does. A memory in this process keeps an index from identity to items, so an identity's match scores only
 * the items of that identity.
 */
public final class ItemIdentity {

  /** The metadata key an item's identity is kept under (a non-blank string). */
  public static final String KEY = "memloop.identity";

  /** The longest identity an item may carry. */
  public static final int MAX_LENGTH = 4096;

  /** As a query's identity: only items that carry none. */
  public static final String NONE = "";

  private static final Map<MemoryKind, MetadataFilter> WITHOUT = new EnumMap<>(MemoryKind.class);

  static {
    for (MemoryKind kind : MemoryKind.values()) {
      MetadataFilter ofKind = kind.filter();
      WITHOUT.put(kind, metadata -> ofKind.test(metadata) && !metadata.containsKey(KEY));
    }
  }

  private ItemIdentity() {}

  /**
   * The identity of a line that names {@code ids} (the identifiers must agree as a set, so give them sorted and
   * distinct): {@code ids:["100 USD","order-42"]}, a JSON array after a prefix; null when there are none.
   */
  public static String ofIds(List<String> ids) {
    if (ids.isEmpty()) {
      return null;
    }
    StringBuilder out = new StringBuilder("ids:[");
    for (int i = 0; i < ids.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      quote(ids.get(i), out);
    }
    return out.append(']').toString();
  }

  /** The identity of an action under an idempotency key: {@code key:<key>}; the same key is the same act. */
  public static String ofKey(String key) {
    return "key:" + key;
  }

  /**
   * The identity of a structured action's {@code arguments}, in their map's order (sorted, so that the same arguments
   * read the same): {@code args:{"order":"42"}}, a JSON object after a prefix.
   */
  public static String ofArguments(Map<String, String> arguments) {
    StringBuilder out = new StringBuilder("args:{");
    boolean first = true;
    for (Map.Entry<String, String> e : arguments.entrySet()) {
      if (!first) {
        out.append(',');
      }
      first = false;
      quote(e.getKey(), out);
      out.append(':');
      quote(e.getValue(), out);
    }
    return out.append('}').toString();
  }

  /**
   * Appends {@code s} as a JSON string. Written out rather than asked of Jackson, which escapes a newline or a tab
   * by its letter where this writes its code point: identities already stored in journals and snapshots must keep
   * matching.
   */
  private static void quote(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /** The identity {@code metadata} records, or null for none. */
  public static String of(Map<String, ?> metadata) {
    return metadata.get(KEY) instanceof String identity ? identity : null;
  }

  /** The items of {@code kind} that carry no identity; one filter per kind, made once (the guard's, per step). */
  static MetadataFilter withoutIdentity(MemoryKind kind) {
    return WITHOUT.get(kind);
  }

  /** Whether an item's {@code metadata} has the identity a query asks for ({@link #NONE}: none at all). */
  static boolean matches(Map<String, ?> metadata, String asked) {
    Object own = metadata.get(KEY);
    return asked.isEmpty() ? own == null : asked.equals(own);
  }

  /** Refuses an identity that is not a non-blank string of at most {@value #MAX_LENGTH} characters. */
  static void check(Map<String, ?> metadata) {
    Object identity = metadata.get(KEY);
    if (identity != null && !(identity instanceof String s && !s.isBlank())) {
      throw new IllegalArgumentException("metadata key '" + KEY + "' must be a non-blank string: " + identity);
    }
    if (identity != null) {
      checkAsked((String) identity, "metadata key '" + KEY + "'", identity);
    }
  }

  /** Refuses a query's identity: null, blank but not {@link #NONE}, or too long. */
  static String checkAsked(String identity, String what, Object shown) {
    if (identity == null || (!identity.isEmpty() && identity.isBlank())) {
      throw new IllegalArgumentException(what + " must be a non-blank string: " + Inputs.show(String.valueOf(shown)));
    }
    if (identity.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(what + " may have at most " + MAX_LENGTH + " characters: "
          + identity.length());
    }
    return identity;
  }
}
