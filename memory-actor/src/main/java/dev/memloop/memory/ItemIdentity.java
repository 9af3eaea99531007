package dev.memloop.memory;

import java.util.EnumMap;
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
