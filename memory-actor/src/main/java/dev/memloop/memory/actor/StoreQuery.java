package dev.memloop.memory.actor;

import dev.memloop.memory.ItemIdentity;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;

/**
 * One read as it crosses to a {@link MemoryStore}: a text (the store embeds it) or a vector (the sender did), at most
 * {@code k} items, each at least {@code minScore}-similar ({@link MemoryQuery#NO_MINIMUM} for none), of these
 * {@code kinds} (null: every kind) and this {@code identity} (null: any; {@link ItemIdentity#NONE}: items without
 * one), as of {@code asOfMillis} (epoch ms; null: what is current) or with every version ({@code includeSuperseded}).
 * Everything a {@link MemoryQuery} says that is data; a filter is code and does not cross, and a hybrid recall
 * needs the memory's own lexical index, so neither is here. Immutable; a record, so that Jackson's CBOR carries it.
 */
public record StoreQuery(String text, float[] vector, int k, double minScore, Set<MemoryKind> kinds,
    String identity, Long asOfMillis, boolean includeSuperseded) {

  /**
   * Not checked here: a peer's query arrives through this constructor, and a refusal here would drop the message
   * unanswered. The store checks it ({@link #toQuery}) and answers a bad one with a {@code Rejected} naming it.
   */
  public StoreQuery {
    kinds = kinds == null ? null : Set.copyOf(kinds);
  }

  /** A query of the current items. */
  public StoreQuery(String text, float[] vector, int k, double minScore, Set<MemoryKind> kinds, String identity) {
    this(text, vector, k, minScore, kinds, identity, null, false);
  }

  /** The {@code k} items nearest to {@code text} (the store embeds it), at least {@code minScore}-similar. */
  public static StoreQuery text(String text, int k, double minScore) {
    return new StoreQuery(text, null, k, minScore, null, null);
  }

  /** The {@code k} items nearest to {@code vector}, at least {@code minScore}-similar. */
  public static StoreQuery vector(float[] vector, int k, double minScore) {
    return new StoreQuery(null, vector, k, minScore, null, null);
  }

  /**
   * {@code query} as it crosses: its data, unchanged.
   *
   * @throws IllegalArgumentException for a query with a filter or a hybrid one, naming it
   */
  public static StoreQuery of(MemoryQuery query) {
    if (query.filter() != null) {
      throw new IllegalArgumentException("a store across the network answers queries without a filter (a filter is "
          + "code, and does not cross to the store): " + query);
    }
    if (query.hybrid()) {
      throw new IllegalArgumentException("a store across the network answers vector recalls only (it keeps no "
          + "lexical index): " + query);
    }
    if (query.halfLife() != null) {
      throw new IllegalArgumentException("a store across the network answers without recency weighting (a halfLife "
          + "reorders candidates the store would have to send back): " + query);
    }
    return new StoreQuery(query.isText() ? query.text() : null, query.vector(), query.k(), query.minScore(),
        query.kinds(), query.identity(), query.asOf() == null ? null : query.asOf().toEpochMilli(),
        query.includeSuperseded());
  }

  /**
   * The query the store's memory answers; a nearest match (the guard's question) made as one, to stay
   * allocation-light.
   *
   * @throws IllegalArgumentException naming what is wrong: neither or both of a text and a vector, {@code k <= 0}, a
   *     minimum score outside [-1, 1], empty kinds, a blank identity
   */
  public MemoryQuery toQuery() {
    if ((text == null) == (vector == null)) {
      throw new IllegalArgumentException("a store query has a text or a vector, one of them: "
          + (text == null ? "neither" : "both"));
    }
    if (vector != null && k == 1 && minScore != MemoryQuery.NO_MINIMUM && kinds != null && kinds.size() == 1
        && asOfMillis == null && !includeSuperseded) {
      return MemoryQuery.nearest(vector, minScore, kinds.iterator().next(), identity);
    }
    MemoryQuery.Builder query = text != null ? MemoryQuery.text(text) : MemoryQuery.vector(vector);
    query.k(k).minScore(minScore).kinds(kinds);
    if (identity != null) {
      query.identity(identity);
    }
    if (asOfMillis != null) {
      query.asOf(java.time.Instant.ofEpochMilli(asOfMillis));
    }
    if (includeSuperseded) {
      query.includeSuperseded();
    }
    return query.build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StoreQuery q && k == q.k && Double.compare(minScore, q.minScore) == 0
        && Objects.equals(text, q.text) && Arrays.equals(vector, q.vector) && Objects.equals(kinds, q.kinds)
        && Objects.equals(identity, q.identity) && Objects.equals(asOfMillis, q.asOfMillis)
        && includeSuperseded == q.includeSuperseded;
  }

  @Override
  public int hashCode() {
    return Objects.hash(text, Arrays.hashCode(vector), k, minScore, kinds, identity, asOfMillis, includeSuperseded);
  }

  @Override
  public String toString() {
    return "StoreQuery[" + (text != null ? "text" : "vector of " + vector.length) + ", k=" + k
        + (minScore == MemoryQuery.NO_MINIMUM ? "" : ", minScore=" + minScore) + (kinds == null ? "" : ", " + kinds)
        + (identity == null ? "" : ", identity") + (asOfMillis == null ? "" : ", asOf=" + asOfMillis)
        + (includeSuperseded ? ", includeSuperseded" : "") + "]";
  }
}
