package dev.memloop.memory;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * One read of a {@link WorkingMemory}: the items nearest to a text (embedded by the memory) or to a vector, at
 * most {@link #k()} of them, each at least {@link #minScore()}-similar, among those whose metadata passes
 * {@link #filter()}. Every read of every memory is one of these ({@link WorkingMemory#search(MemoryQuery)}); the
 * memory's {@code recall}, {@code match} and {@code seen} are shorthands for common ones.
 *
 * <pre>{@code
 * List<Recall> notes = memory.search(MemoryQuery.text("ssh on web-03").k(8).minScore(0.5)
 *     .kinds(MemoryKind.NOTE).filter(MetadataFilter.eq("host", "web-03")).build());
 * }</pre>
 *
 * <p>Defaults: {@code k = 1}, no minimum score, every kind, no filter. Kinds are data, not code: unlike a filter
 * they cross the network to a store. A text must not be null or blank; a vector not null
 * (its dimension, finiteness and non-zero length are the memory's to check, since only it knows its dimension).
 * {@code k} must be positive and asks for at most {@code k}: never more than the memory holds. Bad values throw
 * {@link IllegalArgumentException} naming the value, at {@link Builder#build()}.
 *
 * <p>Immutable. The vector is the caller's, not copied: it must not change while a search runs.
 *
 * <p>Over 300 lines for one reason: the query, its builder and the allocation-free {@link #nearest} path are one
 * value with one set of rules, and the builder and the hot path both reach the private constructor; split, the
 * rules for k, kinds and the minimum would live in two files.
 */
public final class MemoryQuery {

  /** The score of "no minimum": every item qualifies. */
  public static final double NO_MINIMUM = Double.NEGATIVE_INFINITY;

  /** How many of each search's results a hybrid recall fuses (at least k): the vector search's and BM25's top 50. */
  public static final int HYBRID_DEPTH = 50;

  private final String text;
  private final float[] vector;
  private final int k;
  private final double minScore;
  private final MetadataFilter filter;
  private final Set<MemoryKind> kinds; // null: every kind
  private final String identity; // null: any; ItemIdentity.NONE: items without one
  private final boolean hybrid;
  private final MemoryKind soleKind; // the one kind asked for, or null (every kind, or several)
  private final java.time.Instant asOf; // null: what is current now
  private final boolean includeSuperseded;
  private final java.time.Duration halfLife; // null: no recency weighting
  /**
   * What a memory screens by: kinds, identity, then the filter ({@link #NO_SCREEN} for none). Made when first asked,
   * a racy but benign memo of an immutable value in one reference field, as {@code String.hashCode} (two threads may
   * both make it; either's is right): a nearest match answered by its shorthand never needs it, and the guard asks
   * one on every step.
   */
  private MetadataFilter kindsAndFilter = UNSCREENED;

  private static final MetadataFilter UNSCREENED = metadata -> true;
  private static final MetadataFilter NO_SCREEN = metadata -> true;

  /** The kinds set of one kind, made once: {@link #nearest} allocates nothing but the query. */
  private static final Set<MemoryKind>[] ONE_KIND = oneKindSets();

  @SuppressWarnings("unchecked")
  private static Set<MemoryKind>[] oneKindSets() {
    Set<MemoryKind>[] sets = new Set[MemoryKind.values().length];
    for (MemoryKind kind : MemoryKind.values()) {
      sets[kind.ordinal()] = Collections.unmodifiableSet(EnumSet.of(kind));
    }
    return sets;
  }

  private MemoryQuery(Builder b) {
    this(b.text, b.vector, b.k, b.minScore, b.filter,
        b.kinds == null ? null : Collections.unmodifiableSet(EnumSet.copyOf(b.kinds)), b.identity, b.hybrid,
        b.asOf, b.includeSuperseded, b.halfLife);
  }

  private MemoryQuery(String text, float[] vector, int k, double minScore, MetadataFilter filter,
      Set<MemoryKind> kinds, String identity, boolean hybrid) {
    this(text, vector, k, minScore, filter, kinds, identity, hybrid, null, false, null);
  }

  private MemoryQuery(String text, float[] vector, int k, double minScore, MetadataFilter filter,
      Set<MemoryKind> kinds, String identity, boolean hybrid, java.time.Instant asOf, boolean includeSuperseded,
      java.time.Duration halfLife) {
    this.halfLife = halfLife;
    this.asOf = asOf;
    this.includeSuperseded = includeSuperseded;
    this.text = text;
    this.vector = vector;
    this.k = k;
    this.minScore = minScore;
    this.filter = filter;
    this.kinds = kinds;
    this.identity = identity;
    this.hybrid = hybrid;
    this.soleKind = kinds != null && kinds.size() == 1 ? kinds.iterator().next() : null;
  }

  /**
   * The nearest item of {@code kind} to {@code vector}, if at least {@code threshold}-similar: the guard's question,
   * asked on every step. {@code identity}: null for any, {@link ItemIdentity#NONE} for items that carry none, else
   * exactly it. Made without a builder, and answered by a memory in this process without allocating when nothing is
   * that close ({@link WorkingMemory#matchVector(float[], double, MemoryKind, String)}).
   *
   * @throws IllegalArgumentException naming the value: a null vector or kind, a threshold outside [-1, 1], a blank or
   *     overlong identity
   */
  public static MemoryQuery nearest(float[] vector, double threshold, MemoryKind kind, String identity) {
    if (vector == null || kind == null) {
      throw new IllegalArgumentException("a nearest match needs a vector and a kind: vector "
          + (vector == null ? "null" : "of " + vector.length) + ", kind " + kind);
    }
    if (!(threshold >= -1 && threshold <= 1)) {
      throw new IllegalArgumentException("minScore must be in [-1, 1]: " + threshold);
    }
    return new MemoryQuery(null, vector, 1, threshold, null, ONE_KIND[kind.ordinal()],
        identity == null ? null : ItemIdentity.checkAsked(identity, "identity", identity), false);
  }

  /**
   * Whether this is a nearest match ({@link #nearest}'s shape): one vector, k = 1, a minimum score, one kind, no filter,
   * not hybrid. A memory answers it by its allocation-free shorthand.
   */
  public boolean isNearestMatch() {
    return k == 1 && vector != null && !hybrid && filter == null && minScore != NO_MINIMUM && soleKind != null
        && asOf == null && !includeSuperseded && halfLife == null;
  }

  /** The one kind asked for, or null when every kind or several are. */
  public MemoryKind soleKind() {
    return soleKind;
  }

  private static MetadataFilter both(MetadataFilter first, MetadataFilter second) {
    return first == null ? second : second == null ? first : first.and(second);
  }

  /** A query for the items nearest to {@code text}, which the memory embeds. */
  public static Builder text(String text) {
    return new Builder(text, null, false);
  }

  /** A query for the items nearest to {@code vector} (any non-zero length; the memory normalizes a copy). */
  public static Builder vector(float[] vector) {
    return new Builder(null, vector, true);
  }

  /**
   * The query text: a text query's, or a hybrid query's after its sender embedded it ({@link #withVector}: BM25
   * still reads its words); null for a plain vector query.
   */
  public String text() {
    return text;
  }

  /** The query vector: a vector query's, or an embedded text query's ({@link #withVector}); null for a text query. */
  public float[] vector() {
    return vector;
  }

  /** Whether the memory is to embed the query's text: a text query not yet embedded. */
  public boolean isText() {
    return vector == null;
  }

  /**
   * The same query for {@code vector}, the text's embedding: a store that embeds once and then asks several indexes
   * (or another process) sends this. A hybrid query keeps its text and stays hybrid (its words are half of it); any
   * other becomes a plain vector query.
   */
  public MemoryQuery withVector(float[] vector) {
    if (vector == null) {
      throw new IllegalArgumentException("query must not be null (a vector query)");
    }
    Builder b = hybrid ? new Builder(text, vector, false) : vector(vector);
    b.k(k).minScore(minScore);
    if (filter != null) {
      b.filter(filter);
    }
    b.kinds = kinds;
    b.identity = identity;
    b.hybrid = hybrid;
    b.asOf = asOf;
    b.includeSuperseded = includeSuperseded;
    b.halfLife = halfLife;
    return b.build();
  }

  /** At most this many items, best first. */
  public int k() {
    return k;
  }

  /** The least similarity an item must have, in [-1, 1], or {@link #NO_MINIMUM}. */
  public double minScore() {
    return minScore;
  }

  /** The metadata condition items must pass, or null for none. */
  public MetadataFilter filter() {
    return filter;
  }

  /**
   * Whether the recall is hybrid: the vector search and BM25 over the items' texts, fused by reciprocal rank, so
   * that a query's exact words (a name, a number, a rare term) count beside its meaning. Only a memory built with
   * {@code WorkingMemoryBuilder.lexical()} answers it; any other refuses it by name.
   */
  public boolean hybrid() {
    return hybrid;
  }

  /**
   * The identity items must carry ({@link ItemIdentity}): exactly this text, {@link ItemIdentity#NONE} for items
   * that carry none, or null for any. Data, like the kinds: it crosses the network to a store.
   */
  public String identity() {
    return identity;
  }

  /**
   * The instant whose truth is asked ({@link MemoryLifecycle}): the items valid then (valid-from at or before it,
   * superseded only after it), or null for the items current now. Data: it crosses the network to a store.
   */
  public java.time.Instant asOf() {
    return asOf;
  }

  /** Whether every version of a subject is answered, superseded ones too (each with its valid-to and successor). */
  public boolean includeSuperseded() {
    return includeSuperseded;
  }

  /**
   * The recency half-life, or null for none: with one, a vector search orders its results by similarity times
   * (1 + 2^(-age / half-life)) / 2, the age from the item's valid-from (its record time when it has none) to the
   * query's instant (now, or {@link #asOf()}): a new item keeps its score, an old one at least half of it, so recency
   * reorders near equals without burying a much closer match. Each result still reports its plain similarity, and the
   * minimum score applies to that.
   */
  public java.time.Duration halfLife() {
    return halfLife;
  }

  /** Whether the query asks for anything but the current items: a past instant or every version. */
  public boolean asksInTime() {
    return asOf != null || includeSuperseded;
  }

  /** The kinds of item asked for (unmodifiable), or null for every kind. */
  public Set<MemoryKind> kinds() {
    return kinds;
  }

  /**
   * The condition an item's metadata must pass: the kinds and the identity asked for and the filter together, or
   * null for none.
   * What a memory's search screens by.
   */
  public MetadataFilter screen() {
    MetadataFilter made = kindsAndFilter;
    if (made == UNSCREENED) {
      MetadataFilter byKind = kinds == null ? null : MemoryKind.filter(kinds);
      MetadataFilter byIdentity = identity == null ? null : metadata -> ItemIdentity.matches(metadata, identity);
      MetadataFilter all = both(both(byKind, byIdentity), filter);
      made = all == null ? NO_SCREEN : all;
      kindsAndFilter = made;
    }
    return made == NO_SCREEN ? null : made;
  }

  /**
   * Whether {@code found} meets this query's minimum score, kinds, identity and filter: for a store that ranks first and
   * screens after (a filter cannot cross a network), and for merging results of several indexes.
   */
  public boolean admits(Recall found) {
    MetadataFilter screen = screen();
    return found.similarity() >= minScore && (screen == null || screen.test(found.metadata()));
  }

  @Override
  public String toString() {
    return "MemoryQuery[" + (text != null ? "text=" + Inputs.show(text) : "vector=" + vector.length + " dims")
        + ", k=" + k + (minScore == NO_MINIMUM ? "" : ", minScore=" + minScore)
        + (kinds == null ? "" : ", kinds=" + kinds)
        + (identity == null ? "" : ", identity=" + (identity.isEmpty() ? "none" : Inputs.show(identity)))
        + (filter == null ? "" : ", filtered")
        + (hybrid ? ", hybrid" : "") + (asOf == null ? "" : ", asOf=" + asOf)
        + (includeSuperseded ? ", includeSuperseded" : "") + (halfLife == null ? "" : ", halfLife=" + halfLife) + "]";
  }

  /** Builds a {@link MemoryQuery}; not thread-safe. */
  public static final class Builder {
    private final String text;
    private final float[] vector;
    private final boolean byVector;
    private int k = 1;
    private double minScore = NO_MINIMUM;
    private MetadataFilter filter;
    private Set<MemoryKind> kinds;
    private String identity;
    private boolean hybrid;
    private java.time.Instant asOf;
    private boolean includeSuperseded;
    private java.time.Duration halfLife;

    private Builder(String text, float[] vector, boolean byVector) {
      this.text = text;
      this.vector = vector;
      this.byVector = byVector;
    }

    /** At most {@code k} items (> 0); 1 by default. */
    public Builder k(int k) {
      this.k = k;
      return this;
    }

    /** Only items at least {@code minScore}-similar, in [-1, 1]; none by default. */
    public Builder minScore(double minScore) {
      this.minScore = minScore;
      return this;
    }

    /** Only items whose metadata passes {@code filter} (not null); all by default. */
    public Builder filter(MetadataFilter filter) {
      Inputs.filter(filter);
      this.filter = filter;
      return this;
    }

    /** Only items of these kinds; every kind by default. */
    public Builder kinds(MemoryKind first, MemoryKind... more) {
      if (first == null || more == null || Arrays.asList(more).contains(null)) {
        throw new IllegalArgumentException("kinds must not be null: " + first + ", " + Arrays.toString(more));
      }
      this.kinds = EnumSet.of(first, more);
      return this;
    }

    /**
     * Only items of this identity ({@link ItemIdentity}): exactly this text, or {@link ItemIdentity#NONE} for items
     * that carry none; any identity by default.
     */
    public Builder identity(String identity) {
      this.identity = ItemIdentity.checkAsked(identity, "identity", identity);
      return this;
    }

    /** A hybrid recall ({@link MemoryQuery#hybrid()}): a text query's meaning and its words, fused. */
    public Builder hybrid() {
      this.hybrid = true;
      return this;
    }

    /** The items that were true at {@code instant} (not null) instead of those current now. */
    public Builder asOf(java.time.Instant instant) {
      if (instant == null) {
        throw new IllegalArgumentException("asOf must not be null (leave it unset for what is current)");
      }
      this.asOf = instant;
      return this;
    }

    /** Every version of a subject, superseded ones too; the current ones only by default. */
    public Builder includeSuperseded() {
      this.includeSuperseded = true;
      return this;
    }

    /**
     * Weighs recency: results ordered by similarity times (1 + 2^(-age / {@code halfLife})) / 2
     * ({@link MemoryQuery#halfLife()});
     * off by default. A positive duration.
     */
    public Builder halfLife(java.time.Duration halfLife) {
      if (halfLife == null || halfLife.isZero() || halfLife.isNegative()) {
        throw new IllegalArgumentException("halfLife must be a positive duration: " + halfLife);
      }
      this.halfLife = halfLife;
      return this;
    }

    /** Only items of {@code kinds} (not empty), or of every kind when {@code kinds} is null. */
    public Builder kinds(Set<MemoryKind> kinds) {
      // Iterated, not kinds.contains(null): an immutable set (Set.of, Set.copyOf) throws on that question.
      if (kinds != null && (kinds.isEmpty() || kinds.stream().anyMatch(Objects::isNull))) {
        throw new IllegalArgumentException("kinds must name at least one kind and no null: " + kinds);
      }
      this.kinds = kinds == null ? null : EnumSet.copyOf(kinds);
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the value: a null or blank text, a null vector, {@code k <= 0}, a
     *     minimum score outside [-1, 1]
     */
    public MemoryQuery build() {
      if (byVector && vector == null) {
        throw new IllegalArgumentException("query must not be null (a vector query)");
      }
      if (!byVector) {
        Inputs.text(text, "query");
      } else if (hybrid) {
        throw new IllegalArgumentException("a hybrid recall needs a text query: BM25 reads words, not a vector");
      }
      Inputs.k(k);
      if (halfLife != null && hybrid) {
        throw new IllegalArgumentException("a hybrid recall is ordered by its fused rank; a halfLife weighs a vector "
            + "search's similarity: give one");
      }
      if (asOf != null && includeSuperseded) {
        throw new IllegalArgumentException("asOf and includeSuperseded ask different things (the versions true at "
            + asOf + ", or every version): give one");
      }
      if (minScore != NO_MINIMUM && !(minScore >= -1 && minScore <= 1)) {
        throw new IllegalArgumentException("minScore must be in [-1, 1]: " + minScore);
      }
      return new MemoryQuery(this);
    }
  }

  /** For tests and records: equal queries ask the same thing (the filter compared by identity). */
  @Override
  public boolean equals(Object o) {
    return o instanceof MemoryQuery q && k == q.k && hybrid == q.hybrid && Double.compare(minScore, q.minScore) == 0
        && filter == q.filter
        && java.util.Objects.equals(kinds, q.kinds) && java.util.Objects.equals(identity, q.identity)
        && java.util.Objects.equals(text, q.text) && java.util.Objects.equals(asOf, q.asOf)
        && includeSuperseded == q.includeSuperseded && java.util.Objects.equals(halfLife, q.halfLife)
        && Arrays.equals(vector, q.vector);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(text, Arrays.hashCode(vector), k, minScore, kinds, identity, hybrid, asOf,
        includeSuperseded, halfLife);
  }
}
