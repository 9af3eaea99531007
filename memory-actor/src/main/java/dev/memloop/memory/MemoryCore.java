package dev.memloop.memory;

import dev.memloop.memory.index.SearchBuffers;
import dev.memloop.memory.index.VectorIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.UnaryOperator;

/**
 * The items of one memory: ids, texts and metadata in arrays parallel to the index's ordinals, an id map,
 * and a doubly linked list through the items in eviction order (insertion order, or recency of recall for
 * {@link Eviction#LEAST_RECENTLY_RECALLED}). Lookups by id never reorder anything, so they are safe under a
 * read lock. Inputs arrive validated; this class keeps the invariants: ids unique, never overwritten,
 * arrays and index in step.
 *
 * <p>Not thread-safe: the owning memory serializes access.
 */
final class MemoryCore {

  /** One item's place: its ordinal (updated when rows move) and its neighbours in eviction order. */
  private static final class Slot {
    int ordinal;
    Slot older;
    Slot newer;

    Slot(int ordinal) {
      this.ordinal = ordinal;
    }
  }

  private final VectorIndex index;
  private final int capacity;
  private final Eviction eviction;
  private final IdPrefix idPrefix;
  private final int initialCapacity;
  private Map<String, Slot> slots; // the empty map until the first insert
  private Slot oldest;
  private Slot newest;
  private String[] ids;
  private String[] texts;
  private Map<?, ?>[] metadata;
  private Slot[] slotOf;
  private long nextKey;
  private long evictions;
  /** BM25 over the items' texts, by key, kept in step with them; null unless the memory was built lexical. */
  private final dev.memloop.memory.index.LexicalIndex lexical;
  /** Each item's slot by key, for lexical hits (which come back by key); null without {@link #lexical}. */
  private final Map<Long, Slot> slotOfKey;
  private final UnaryOperator<String> sharedText;
  /**
   * The index's predicate for the last filter searched with, reused while the filter is the same (the guard asks
   * with one constant filter per kind on every step, and must not allocate a predicate per lookup). One immutable
   * pair, so that readers of a thread-safe memory racing on it each see a consistent one.
   */
  private volatile Accepting accepting;

  private record Accepting(MetadataFilter filter, IntPredicate accept) {}

  private static final String[] NO_STRINGS = {};
  private static final Map<?, ?>[] NO_MAPS = {};
  private static final Slot[] NO_SLOTS = {};

  /**
   * Arrays are allocated by the first add, at {@code expectedSize}: an agent that never remembers anything
   * carries no item arrays (thousands of idle agents share a heap).
   *
   * @param lexical whether to keep a BM25 index of the texts beside the vectors (for {@link #hybrid})
   * @param sharedText the text to keep for a stored one (a pool's equal text), or null to keep each as given
   */
  MemoryCore(VectorIndex index, int capacity, Eviction eviction, IdPrefix idPrefix, int expectedSize,
      boolean lexical, UnaryOperator<String> sharedText) {
    this.sharedText = sharedText;
    this.lexical = lexical ? new dev.memloop.memory.index.LexicalIndex() : null;
    this.slotOfKey = lexical ? new HashMap<>() : null;
    this.index = index;
    this.initialCapacity = expectedSize;
    this.slots = Collections.emptyMap();
    this.ids = NO_STRINGS;
    this.texts = NO_STRINGS;
    this.metadata = NO_MAPS;
    this.slotOf = NO_SLOTS;
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
        if (id != null && (slots.containsKey(id) || !batch.add(id))) {
          throw new DuplicateIdException(id);
        }
      }
    }
    if (eviction == Eviction.NONE && size() + count > capacity) {
      throw new MemoryFullException(capacity, count);
    }
  }

  /** Adds a checked item; {@code id} null means generate one. Returns the id. */
  String insert(String id, float[] unitVector, String text, Map<String, Object> meta) {
    if (id != null && slots.containsKey(id)) { // before any eviction: a refused add changes nothing
      throw new DuplicateIdException(id);
    }
    if (size() >= capacity) {
      if (eviction == Eviction.NONE) {
        throw new MemoryFullException(capacity, 1);
      }
      removeAt(oldest.ordinal);
      evictions++;
    }
    if (slots.isEmpty() && !(slots instanceof HashMap)) {
      slots = new HashMap<>(initialCapacity * 4 / 3 + 1);
    }
    Slot slot = new Slot(size());
    long key = nextKey++;
    if (id == null) {
      String prefix = idPrefix.get();
      id = prefix + key;
      while (slots.putIfAbsent(id, slot) != null) { // a caller chose an id of this shape; never overwrite it
        key = nextKey++;
        id = prefix + key;
      }
    } else {
      slots.put(id, slot);
    }
    int ordinal = index.add(unitVector, key);
    if (lexical != null) {
      lexical.add(key, text);
      slotOfKey.put(key, slot);
    }
    ensureCapacity(ordinal + 1);
    ids[ordinal] = id;
    texts[ordinal] = sharedText == null ? text : sharedText.apply(text);
    metadata[ordinal] = meta;
    slotOf[ordinal] = slot;
    append(slot);
    return id;
  }

  boolean remove(String id) {
    Slot slot = slots.get(id);
    if (slot == null) {
      return false;
    }
    removeAt(slot.ordinal);
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
    slots.clear();
    oldest = null;
    newest = null;
    ids = NO_STRINGS;
    texts = NO_STRINGS;
    metadata = NO_MAPS;
    slotOf = NO_SLOTS;
  }

  void clear() {
    index.clear();
    slots.clear();
    if (lexical != null) {
      lexical.clear();
      slotOfKey.clear();
    }
    oldest = null;
    newest = null;
    Arrays.fill(ids, null);
    Arrays.fill(texts, null);
    Arrays.fill(metadata, null);
    Arrays.fill(slotOf, null);
  }

  void search(float[] unitQuery, int k, float minScore, MetadataFilter filter, SearchBuffers buffers) {
    index.search(unitQuery, k, minScore, filter == null ? null : accept(filter), buffers);
  }

  boolean lexical() {
    return lexical != null;
  }

  /**
   * The hybrid recall: the vector search's and BM25's top {@code depth} each (both among the items {@code filter}
   * passes), fused by reciprocal rank ({@link dev.memloop.memory.index.RankFusion}), the best {@code k} kept whose
   * cosine with the query reaches {@code minScore}; each reported with its cosine similarity, in the fused order.
   */
  List<Recall> hybrid(float[] unitQuery, String text, int k, int depth, float minScore, MetadataFilter filter,
      SearchBuffers buffers) {
    int vectorDepth = Math.min(depth, Math.max(1, size()));
    index.search(unitQuery, vectorDepth, Float.NEGATIVE_INFINITY, filter == null ? null : accept(filter), buffers);
    long[] byVector = new long[buffers.count()];
    for (int i = 0; i < byVector.length; i++) {
      byVector[i] = index.key(buffers.ordinal(i));
    }
    List<dev.memloop.memory.index.LexicalIndex.Hit> hits = lexical.search(text, depth + (filter == null ? 0 : depth));
    long[] byText = new long[Math.min(depth, hits.size())];
    int kept = 0;
    for (dev.memloop.memory.index.LexicalIndex.Hit hit : hits) {
      if (kept == byText.length) {
        break;
      }
      if (filter == null || filter.test(metadataAt(slotOfKey.get(hit.key()).ordinal))) {
        byText[kept++] = hit.key();
      }
    }
    byText = java.util.Arrays.copyOf(byText, kept);
    List<Recall> out = new ArrayList<>(k);
    for (dev.memloop.memory.index.RankFusion.Fused fused : dev.memloop.memory.index.RankFusion.fuse(
        List.of(byVector, byText), Integer.MAX_VALUE, dev.memloop.memory.index.RankFusion.C)) {
      if (out.size() == k) {
        break;
      }
      int ordinal = slotOfKey.get(fused.key()).ordinal;
      // the kernels' dot, in the index's operation order: a hybrid result's cosine is the vector search's score
      float cosine = dev.memloop.memory.internal.vector.VectorMath.dot(unitQuery, index.vector(ordinal));
      if (cosine >= minScore) {
        out.add(recallAt(ordinal, cosine));
      }
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

  Optional<Recall> first(SearchBuffers buffers) {
    return buffers.count() == 0
        ? Optional.empty()
        : Optional.of(recallAt(buffers.ordinal(0), buffers.score(0)));
  }

  /** Every item, oldest first (eviction order), as copies. */
  java.util.List<MemoryItem> items() {
    java.util.List<MemoryItem> out = new java.util.ArrayList<>(slots.size());
    for (Slot s = oldest; s != null; s = s.newer) {
      out.add(new MemoryItem(ids[s.ordinal], texts[s.ordinal], index.vector(s.ordinal), metadataAt(s.ordinal)));
    }
    return out;
  }

  Optional<float[]> vector(String id) {
    Slot slot = slots.get(id);
    return slot == null ? Optional.empty() : Optional.of(index.vector(slot.ordinal));
  }

  private Recall recallAt(int ordinal, float score) {
    if (tracksRecency() && slotOf[ordinal] != newest) {
      Slot slot = slotOf[ordinal];
      unlink(slot);
      append(slot);
    }
    // float rounding can put a self-match a hair above 1; similarity is reported inside [-1, 1]
    double similarity = Math.max(-1.0, Math.min(1.0, score));
    return new Recall(ids[ordinal], texts[ordinal], similarity, metadataAt(ordinal));
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> metadataAt(int ordinal) {
    return (Map<String, Object>) metadata[ordinal];
  }

  private void append(Slot slot) {
    slot.older = newest;
    slot.newer = null;
    if (newest != null) {
      newest.newer = slot;
    } else {
      oldest = slot;
    }
    newest = slot;
  }

  private void unlink(Slot slot) {
    if (slot.older != null) {
      slot.older.newer = slot.newer;
    } else {
      oldest = slot.newer;
    }
    if (slot.newer != null) {
      slot.newer.older = slot.older;
    } else {
      newest = slot.older;
    }
    slot.older = null;
    slot.newer = null;
  }

  private void removeAt(int ordinal) {
    unlink(slotOf[ordinal]);
    slots.remove(ids[ordinal]);
    if (lexical != null) {
      long key = index.key(ordinal);
      lexical.remove(key);
      slotOfKey.remove(key);
    }
    int last = size() - 1;
    index.removeAt(ordinal);
    if (ordinal != last) {
      ids[ordinal] = ids[last];
      texts[ordinal] = texts[last];
      metadata[ordinal] = metadata[last];
      slotOf[ordinal] = slotOf[last];
      slotOf[ordinal].ordinal = ordinal;
    }
    ids[last] = null;
    texts[last] = null;
    metadata[last] = null;
    slotOf[last] = null;
  }

  private void ensureCapacity(int needed) {
    if (ids.length < needed) {
      int length = ids.length == 0 ? Math.max(initialCapacity, needed) : Math.max(8, needed + (needed >> 1));
      ids = Arrays.copyOf(ids, length);
      texts = Arrays.copyOf(texts, length);
      metadata = Arrays.copyOf(metadata, length);
      slotOf = Arrays.copyOf(slotOf, length);
    }
  }
}
