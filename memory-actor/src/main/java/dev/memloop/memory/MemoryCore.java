package dev.memloop.memory;

import dev.memloop.memory.index.HybridSearch;
import dev.memloop.memory.index.SearchBuffers;
import dev.memloop.memory.index.TextAnalysis;
import dev.memloop.memory.index.VectorIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

/**
 * The items of one memory: ids, texts and metadata in arrays parallel to the index's ordinals, an id table, an
 * identity table, the {@link EvictionOrder}, and the {@link LexicalSide} (BM25, or none). Lookups by id never reorder
 * anything, so they are safe under a read lock. Inputs arrive validated; this class keeps the invariants: ids unique,
 * never overwritten, arrays, eviction list, lexical side and index in step.
 *
 * <p>The bookkeeping is a few arrays per memory, not objects per item, because a fleet holds a million memories: a
 * generated id is not kept as a string but made from the memory's prefix and the item's key when it is read (its hash
 * and equality are computed from them), and the array of caller ids exists only once a caller gives one; an item under
 * a generated id costs its row, its key, its text and metadata references and three ints.
 *
 * <p>Over 300 lines for one reason: every change to the item arrays (an add, an eviction, a removal that moves the last
 * item into the hole) must move the id table, the identity index, the eviction order and the lexical side in step,
 * and each is one method here, so that one place shows the whole move.
 *
 * <p>Not thread-safe: the owning memory serializes access.
 */
final class MemoryCore implements IdTable.Ids {

  private final VectorIndex index;
  private final int capacity;
  private final Eviction eviction;
  private final IdPrefix idPrefix;
  private final int initialCapacity;
  private final IdTable byId;
  private final IdentityIndex byIdentity = new IdentityIndex(this::metadataAt);
  private final EvictionOrder order = new EvictionOrder();
  private String[] ids; // a caller's id, or null for a generated one; empty until the first caller id
  private String[] texts;
  private Map<?, ?>[] metadata;
  private long nextKey;
  private long evictions;
  private final LexicalSide lexical;
  private final UnaryOperator<String> sharedText;
  private final LongSupplier clock;
  private final LifecyclePolicy lifecycle;
  private final Timeline timeline = new Timeline(new Timeline.Rows() {
    @Override
    public Map<String, Object> metadataAt(int ordinal) {
      return MemoryCore.this.metadataAt(ordinal);
    }

    @Override
    public long keyAt(int ordinal) {
      return index.key(ordinal);
    }

    @Override
    public String idAt(int ordinal) {
      return MemoryCore.this.idAt(ordinal);
    }

    @Override
    public String callerIdAt(int ordinal) {
      return callerId(ordinal);
    }

    @Override
    public String generatedId(long key) {
      return idPrefix.get() + key;
    }

    @Override
    public int ordinalOf(String id) {
      return byId.find(id);
    }
  });
  /**
   * The index's predicate for the last filter searched with, reused while the filter is the same (the guard asks
   * with one constant filter per kind on every step, and must not allocate a predicate per lookup). One immutable
   * pair, so that readers of a thread-safe memory racing on it each see a consistent one.
   */
  private volatile Accepting accepting;

  private record Accepting(MetadataFilter filter, IntPredicate accept) {}

  private static final String[] NO_STRINGS = {};
  private static final Map<?, ?>[] NO_MAPS = {};

  /**
   * Arrays are allocated by the first add, at {@code expectedSize}: an agent that never remembers anything
   * carries no item arrays (thousands of idle agents share a heap).
   *
   * @param lexical how to read texts into terms for a BM25 index beside the vectors (for {@link #hybrid}), or null
   *     for none
   * @param lexicalContext the items before an item, in its thread, BM25 reads with it ({@link LexicalSide})
   * @param sharedText the text to keep for a stored one (a pool's equal text), or null to keep each as given
   * @param clock the wall clock in epoch milliseconds: when items are recorded, expire and are current
   * @param lifecycle what each write gets in time (a kind's expiry) and is checked for (a valid-from's skew)
   */
  MemoryCore(VectorIndex index, int capacity, Eviction eviction, IdPrefix idPrefix, int expectedSize,
      TextAnalysis lexical, int lexicalContext, UnaryOperator<String> sharedText, LongSupplier clock,
      LifecyclePolicy lifecycle) {
    this.sharedText = sharedText;
    this.clock = clock;
    this.lifecycle = lifecycle;
    this.lexical = lexical != null ? LexicalSide.of(lexical, lexicalContext, o -> texts[o]) : LexicalSide.NONE;
    this.index = index;
    this.initialCapacity = expectedSize;
    this.byId = new IdTable(this, expectedSize);
    this.ids = NO_STRINGS;
    this.texts = NO_STRINGS;
    this.metadata = NO_MAPS;
    this.capacity = capacity;
    this.eviction = eviction;
    this.idPrefix = idPrefix;
  }

  int size() {
    return index.size();
  }

  long evictions() {
    return evictions;
  }

  boolean tracksRecency() {
    return eviction == Eviction.LEAST_RECENTLY_RECALLED;
  }

  /**
   * Checks, before anything changes, that {@code count} items with these caller ids (null entries are
   * generated) can all be added: no id stored already or repeated, room under the capacity.
   */
  void checkInsertable(List<String> callerIds, int count) {
    if (callerIds != null) {
      Set<String> batch = new HashSet<>();
      for (String id : callerIds) {
        if (id != null && (byId.find(id) >= 0 || !batch.add(id))) {
          throw new DuplicateIdException(id);
        }
      }
    }
    if (eviction == Eviction.NONE && size() + count > capacity) {
      throw new MemoryFullException(capacity, count);
    }
  }

  /** The memory's wall clock, epoch milliseconds. */
  long now() {
    return clock.getAsLong();
  }

  /**
   * Adds a checked item; {@code id} null means generate one. Returns the id. A {@link MemoryLifecycle#RECORDED_AT}
   * in {@code meta} (an item from a snapshot) is its record time, kept apart from its metadata; else it is now.
   */
  String insert(String id, float[] unitVector, String text, Map<String, Object> meta) {
    if (id != null && byId.find(id) >= 0) { // before any eviction: a refused add changes nothing
      throw new DuplicateIdException(id);
    }
    long now = now(); // one clock read per write: the record time, the policy's, the expiry check
    meta = lifecycle.apply(meta, now);
    long recorded = now;
    if (meta.get(MemoryLifecycle.RECORDED_AT) instanceof Long at) {
      recorded = at;
      meta = without(meta, MemoryLifecycle.RECORDED_AT);
    }
    if (now >= timeline.nextExpiry()) {
      purgeExpired(now);
    }
    if (size() >= capacity) {
      if (eviction == Eviction.NONE) {
        throw new MemoryFullException(capacity, 1);
      }
      // at capacity: a superseded item goes before a current one (expired ones are gone already)
      removeAt(timeline.preferredVictim(order, order.oldest()));
      evictions++;
    }
    long key = nextKey++;
    String generated = null;
    if (id == null) {
      generated = idPrefix.get() + key;
      while (byId.find(generated) >= 0) { // a caller chose an id of this shape; never overwrite it
        key = nextKey++;
        generated = idPrefix.get() + key;
      }
    }
    int ordinal = index.add(unitVector, key);
    ensureCapacity(ordinal + 1);
    if (id != null && ids.length == 0) {
      ids = new String[texts.length];
    }
    if (ids.length > 0) {
      ids[ordinal] = id; // null: made again from the key when read
    }
    texts[ordinal] = sharedText == null ? text : sharedText.apply(text);
    metadata[ordinal] = meta;
    lexical.added(key, ordinal, text, meta);
    byId.put(id != null ? id.hashCode() : generated.hashCode(), ordinal);
    String identity = ItemIdentity.of(meta);
    if (identity != null) {
      byIdentity.put(identity, ordinal);
    }
    order.append(ordinal);
    timeline.added(ordinal, meta, recorded);
    return id != null ? id : generated;
  }

  private static Map<String, Object> without(Map<String, Object> meta, String key) {
    Map<String, Object> out = new java.util.HashMap<>(meta);
    out.remove(key);
    return Map.copyOf(out);
  }

  /** Removes every item expired at {@code now}; returns how many. */
  int purgeExpired(long now) {
    return removeOrdinals(timeline.expiredOrdinals(size(), now));
  }

  /** Removes every version of a subject (its normal form), any kind, any author; returns how many. */
  int removeSubject(String normalSubject) {
    return removeOrdinals(timeline.ordinalsOf(normalSubject));
  }

  /** Removes the items at {@code ordinals}, highest first: a removal moves only the last item, never one to remove. */
  private int removeOrdinals(int[] ordinals) {
    for (int ordinal : ordinals) {
      removeAt(ordinal);
    }
    return ordinals.length;
  }

  /** Every version of a subject (its normal form), by chain, each in its order. */
  List<MemoryVersion> history(String normalSubject) {
    return timeline.history(normalSubject, ordinal -> texts[ordinal]);
  }

  boolean remove(String id) {
    int ordinal = byId.find(id);
    if (ordinal < 0) {
      return false;
    }
    removeAt(ordinal);
    return true;
  }

  int removeAll(MetadataFilter filter) {
    int removed = 0;
    for (int ordinal = size() - 1; ordinal >= 0; ordinal--) { // backwards: moves only bring in tested rows
      if (filter.test(metadataAt(ordinal))) {
        removeAt(ordinal);
        removed++;
      }
    }
    return removed;
  }

  /** Drops everything at once for a closed memory: no per-entry work, the arrays go to the collector. */
  void release() {
    index.clear();
    byId.clear();
    byIdentity.release();
    order.release();
    timeline.release();
    ids = NO_STRINGS;
    texts = NO_STRINGS;
    metadata = NO_MAPS;
  }

  void clear() {
    index.clear();
    byId.clear();
    byIdentity.clear();
    lexical.clear();
    order.clear();
    timeline.clear();
    Arrays.fill(ids, null);
    Arrays.fill(texts, null);
    Arrays.fill(metadata, null);
  }

  void search(float[] unitQuery, int k, float minScore, MetadataFilter filter, Visibility visibility,
      SearchBuffers buffers) {
    index.search(unitQuery, k, minScore, screen(filter, visibility), buffers);
  }

  /** The index's predicate: the filter's, with the visibility's screen in time when the memory needs one. */
  private IntPredicate screen(MetadataFilter filter, Visibility visibility) {
    IntPredicate accept = filter == null ? null : accept(filter);
    return visibility == Visibility.CURRENT && timeline.plain() ? accept
        : timeline.screen(visibility, now(), accept);
  }

  /**
   * The search among the items of one identity (not {@link ItemIdentity#NONE}): only they are scored, exactly, so a
   * guard's lookup costs what that identity's items cost, whatever else the memory holds.
   */
  void searchIdentity(float[] unitQuery, String identity, int k, float minScore, MetadataFilter filter,
      Visibility visibility, SearchBuffers buffers) {
    int[] ordinals = buffers.chosenOrdinals(byIdentity.size());
    int count = byIdentity.findAll(identity, ordinals);
    index.searchAmong(unitQuery, ordinals, count, k, minScore, screen(filter, visibility), buffers);
  }

  boolean lexical() {
    return lexical.kept();
  }

  /** The hybrid recall ({@link HybridSearch}) among the items {@code filter} passes, in the fused order. */
  List<Recall> hybrid(float[] unitQuery, String text, int k, int depth, float minScore, MetadataFilter filter,
      Visibility visibility, SearchBuffers buffers) {
    List<Recall> out = new ArrayList<>(k);
    for (HybridSearch.Hit hit : lexical.hybrid(index, unitQuery, text, k, depth, minScore,
        screen(filter, visibility), buffers)) {
      out.add(fusedAt(hit.ordinal(), hit.cosine(), hit.fused()));
    }
    return out;
  }

  private IntPredicate accept(MetadataFilter filter) {
    Accepting last = accepting;
    if (last != null && last.filter() == filter) {
      return last.accept();
    }
    IntPredicate accept = ordinal -> filter.test(metadataAt(ordinal));
    accepting = new Accepting(filter, accept);
    return accept;
  }

  /** The results of the last search in {@code buffers}, best first; touches them for recency eviction. */
  List<Recall> results(SearchBuffers buffers) {
    int n = buffers.count();
    List<Recall> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(recallAt(buffers.ordinal(i), buffers.score(i)));
    }
    return out;
  }

  /** The best {@code k} of the last search's results, weighted by recency at {@code at} ({@link RecencyRank}). */
  List<Recall> decayed(SearchBuffers buffers, int k, long at, long halfLifeMillis) {
    Integer[] order = RecencyRank.order(buffers, at, halfLifeMillis, timeline::validFromAt);
    int n = order.length;
    List<Recall> out = new ArrayList<>(Math.min(k, n));
    for (int i = 0; i < Math.min(k, n); i++) {
      out.add(recallAt(buffers.ordinal(order[i]), buffers.score(order[i])));
    }
    return out;
  }

  Optional<Recall> first(SearchBuffers buffers) {
    return buffers.count() == 0
        ? Optional.empty()
        : Optional.of(recallAt(buffers.ordinal(0), buffers.score(0)));
  }

  /**
   * Every item not expired, oldest first (eviction order), as copies, each with its record time in its metadata
   * ({@link MemoryLifecycle#RECORDED_AT}), so that a memory rebuilt from them keeps their times.
   */
  List<MemoryItem> items() {
    List<MemoryItem> out = new ArrayList<>(size());
    long now = now();
    for (int o = order.oldest(); o != EvictionOrder.NONE; o = order.newerThan(o)) {
      if (!timeline.expired(o, now)) {
        out.add(itemAt(o));
      }
    }
    return out;
  }

  /** The item stored as {@code id}, as {@link #items()} gives it, unless it is missing or expired. */
  Optional<MemoryItem> item(String id) {
    int ordinal = byId.find(id);
    return ordinal < 0 || timeline.expired(ordinal, now()) ? Optional.empty() : Optional.of(itemAt(ordinal));
  }

  private MemoryItem itemAt(int ordinal) {
    Map<String, Object> meta = new java.util.HashMap<>(metadataAt(ordinal));
    meta.put(MemoryLifecycle.RECORDED_AT, timeline.recordedAt(ordinal));
    return new MemoryItem(idAt(ordinal), texts[ordinal], index.vector(ordinal), meta);
  }

  Optional<float[]> vector(String id) {
    int ordinal = byId.find(id);
    return ordinal < 0 ? Optional.empty() : Optional.of(index.vector(ordinal));
  }

  private Recall recallAt(int ordinal, float score) {
    return fusedAt(ordinal, score, Double.NaN);
  }

  /** The item at {@code ordinal} as a result: its similarity, and its fused score in a hybrid recall (else NaN). */
  private Recall fusedAt(int ordinal, float score, double fused) {
    if (tracksRecency()) {
      order.touch(ordinal);
    }
    // float rounding can put a self-match a hair above 1; similarity is reported inside [-1, 1]
    double similarity = Math.max(-1.0, Math.min(1.0, score));
    return new Recall(idAt(ordinal), texts[ordinal], similarity, shownMetadata(ordinal), fused);
  }

  /**
   * An item's metadata as a read shows it: a superseded item's with its valid-to and successor, and a subject's
   * version written without a valid-from with its record time as one; derived, so that a write copies nothing.
   */
  private Map<String, Object> shownMetadata(int ordinal) {
    String successor = timeline.supersededBy(ordinal);
    boolean undated = timeline.hasSubject(ordinal) && !metadataAt(ordinal).containsKey(MemoryLifecycle.VALID_FROM);
    if (successor == null && !undated) {
      return metadataAt(ordinal);
    }
    Map<String, Object> shown = new java.util.HashMap<>(metadataAt(ordinal));
    if (undated) {
      shown.put(MemoryLifecycle.VALID_FROM, timeline.validFromAt(ordinal));
    }
    if (successor != null) {
      shown.put(MemoryLifecycle.VALID_TO, timeline.validToAt(ordinal));
      shown.put(MemoryLifecycle.SUPERSEDED_BY, successor);
    }
    return java.util.Collections.unmodifiableMap(shown);
  }

  /** The id at {@code ordinal}: the caller's, or the generated one made again. */
  private String idAt(int ordinal) {
    String id = callerId(ordinal);
    return id != null ? id : idPrefix.get() + index.key(ordinal);
  }

  @Override
  public int hashAt(int ordinal) {
    String id = callerId(ordinal);
    return id != null ? id.hashCode() : GeneratedIds.hash(idPrefix.get(), index.key(ordinal));
  }

  @Override
  public boolean idEquals(int ordinal, String id) {
    String own = callerId(ordinal);
    return own != null ? own.equals(id) : GeneratedIds.matches(id, idPrefix.get(), index.key(ordinal));
  }

  /** The id a caller gave the item at {@code ordinal}, or null if it was generated. */
  private String callerId(int ordinal) {
    return ordinal < ids.length ? ids[ordinal] : null;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> metadataAt(int ordinal) {
    return (Map<String, Object>) metadata[ordinal];
  }

  /** Removes the item at {@code ordinal}; the last item moves into its place, as the index's last row does. */
  private void removeAt(int ordinal) {
    int last = size() - 1;
    timeline.removing(ordinal); // while every row is where it was
    order.unlink(ordinal);
    byId.remove(hashAt(ordinal), ordinal); // while the index still holds both rows' keys
    String identity = ItemIdentity.of(metadataAt(ordinal));
    if (identity != null) {
      byIdentity.remove(identity, ordinal); // while both rows' metadata are still in place
    }
    String lastIdentity = ordinal != last ? ItemIdentity.of(metadataAt(last)) : null;
    int lastHash = ordinal != last ? hashAt(last) : 0;
    long lastKey = index.key(last); // for the lexical side, the moved item's key
    lexical.removed(index.key(ordinal), metadataAt(ordinal));
    index.removeAt(ordinal);
    if (ordinal != last) {
      if (ids.length > 0) {
        ids[ordinal] = ids[last];
      }
      texts[ordinal] = texts[last];
      metadata[ordinal] = metadata[last];
      order.moved(last, ordinal);
      timeline.moved(last, ordinal);
      byId.move(lastHash, last, ordinal);
      if (lastIdentity != null) {
        byIdentity.move(lastIdentity, last, ordinal);
      }
      lexical.moved(lastKey, ordinal);
    }
    if (ids.length > 0) {
      ids[last] = null;
    }
    texts[last] = null;
    metadata[last] = null;
  }

  private void ensureCapacity(int needed) {
    if (texts.length < needed) {
      int length = texts.length == 0 ? Math.max(initialCapacity, needed) : Math.max(8, needed + (needed >> 1));
      if (ids.length > 0) {
        ids = Arrays.copyOf(ids, length);
      }
      texts = Arrays.copyOf(texts, length);
      metadata = Arrays.copyOf(metadata, length);
      order.ensureLength(length);
      timeline.ensureLength(length);
    }
  }
}
