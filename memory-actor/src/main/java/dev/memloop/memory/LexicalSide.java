package dev.memloop.memory;

import dev.memloop.memory.index.HybridSearch;
import dev.memloop.memory.index.LexicalIndex;
import dev.memloop.memory.index.SearchBuffers;
import dev.memloop.memory.index.TextAnalysis;
import dev.memloop.memory.index.VectorIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * The lexical half of a memory's items: BM25 over their texts, kept in step with the vector index by key. A memory
 * not built {@code lexical()} has {@link #NONE}, which keeps nothing and refuses a hybrid search, so that the memory
 * never asks whether it has one. Not thread-safe: the owning memory serializes access.
 *
 * <p>BM25 reads each item with the texts of the {@code context} items its writer added just before it, of its kind
 * (its thread: one author's notes, one conversation's turns): a turn that says "yes, last Tuesday" is found by the
 * words of the question it answers. Its own words count twice ({@link LexicalIndex#OWN_WEIGHT}): an item that says a
 * word outranks the ones after it that only read it. On LoCoMo this raised the hybrid recall's hit@10 from 0.679 to
 * 0.751 (dev file, docs/BENCHMARKS.md). Only BM25 reads the context; the item's vector and text are its own. When an
 * item goes, each item that read it as context is read again without it, so a removed item's words match nothing
 * afterwards.
 */
abstract class LexicalSide {

  /** No lexical index: adds, removals and moves cost nothing. */
  static final LexicalSide NONE = new LexicalSide() {
    @Override
    boolean kept() {
      return false;
    }

    @Override
    void added(long key, int ordinal, String text, Map<String, ?> metadata) {}

    @Override
    void removed(long key, Map<String, ?> metadata) {}

    @Override
    void moved(long key, int ordinal) {}

    @Override
    void clear() {}

    @Override
    List<HybridSearch.Hit> hybrid(VectorIndex vectors, float[] unitQuery, String text, int k, int depth,
        float minScore, IntPredicate accept, SearchBuffers buffers) {
      throw new IllegalStateException("a hybrid search needs a memory built lexical()");
    }
  };

  /** The items before an item BM25 reads with it, unless a memory is built with another number. */
  static final int DEFAULT_CONTEXT = 2;
  /** The most a memory may be built with: each is a re-read when an item goes. */
  static final int MAX_CONTEXT = 8;

  /**
   * BM25 over the texts, read by {@code analysis}, each with up to {@code context} items before it in its thread.
   *
   * @param textAt the memory's own text of the item at an ordinal (its context is read from it)
   */
  static LexicalSide of(TextAnalysis analysis, int context, IntFunction<String> textAt) {
    return new Bm25(analysis, context, textAt);
  }

  /** Whether texts are indexed. */
  abstract boolean kept();

  /**
   * An item was added under {@code key}, at {@code ordinal} of the vector index.
   *
   * @param metadata its metadata, whose kind and author name its thread: the items it may read as context
   */
  abstract void added(long key, int ordinal, String text, Map<String, ?> metadata);

  /** The item under {@code key}, with {@code metadata} (as it was added), was removed. */
  abstract void removed(long key, Map<String, ?> metadata);

  /** The item under {@code key} moved to {@code ordinal} (a removal filled its hole with the last item). */
  abstract void moved(long key, int ordinal);

  abstract void clear();

  /** The hybrid search of the items ({@link HybridSearch}). */
  abstract List<HybridSearch.Hit> hybrid(VectorIndex vectors, float[] unitQuery, String text, int k, int depth,
      float minScore, IntPredicate accept, SearchBuffers buffers);

  private static final class Bm25 extends LexicalSide {
    private final LexicalIndex index;
    private final int context;
    private final IntFunction<String> textAt;
    /** Each item's ordinal by key: BM25's hits come back by key. */
    private final Map<Long, Integer> ordinalOfKey = new HashMap<>();
    /** Each thread's latest present item; with {@link #previousOf} and {@link #nextOf}, a list per thread. */
    private final Map<String, Long> latestOf = new HashMap<>();
    /** The present item its thread added before an item, if any. */
    private final Map<Long, Long> previousOf = new HashMap<>();
    /** The present item its thread added after an item, if any. */
    private final Map<Long, Long> nextOf = new HashMap<>();
    /** The keys an item was read with (nearest first); absent when none. */
    private final Map<Long, long[]> contextOf = new HashMap<>();
    /** The keys that read an item as context; absent when none. */
    private final Map<Long, List<Long>> readBy = new HashMap<>();

    Bm25(TextAnalysis analysis, int context, IntFunction<String> textAt) {
      this.index = new LexicalIndex(analysis);
      this.context = context;
      this.textAt = textAt;
    }

    @Override
    boolean kept() {
      return true;
    }

    @Override
    void added(long key, int ordinal, String text, Map<String, ?> metadata) {
      ordinalOfKey.put(key, ordinal);
      if (context == 0) {
        index.add(key, text);
        return;
      }
      String thread = thread(metadata);
      Long latest = latestOf.put(thread, key);
      long[] before = new long[context];
      int count = 0;
      for (Long earlier = latest; earlier != null && count < context; earlier = previousOf.get(earlier)) {
        before[count++] = earlier;
        readBy.computeIfAbsent(earlier, k -> new ArrayList<>(context)).add(key);
      }
      before = Arrays.copyOf(before, count);
      if (latest != null) {
        previousOf.put(key, latest);
        nextOf.put(latest, key);
      }
      if (count > 0) {
        contextOf.put(key, before);
      }
      index.add(key, text, contextOf(before));
    }

    /** The items an item's context reads from: one kind by one author, never another writer's notes. */
    private static String thread(Map<String, ?> metadata) {
      String author = MemoryKind.authorOf(metadata);
      return MemoryKind.of(metadata).name() + '/' + (author == null ? "" : author);
    }

    /** The texts of {@code before}, one a line; empty for none. */
    private String contextOf(long[] before) {
      if (before.length == 0) {
        return "";
      }
      StringBuilder text = new StringBuilder();
      for (long earlier : before) {
        text.append(text.length() == 0 ? "" : "\n").append(textAt.apply(ordinalOfKey.get(earlier)));
      }
      return text.toString();
    }

    @Override
    void removed(long key, Map<String, ?> metadata) {
      index.remove(key);
      ordinalOfKey.remove(key);
      if (context == 0) {
        return;
      }
      String thread = thread(metadata);
      Long previous = previousOf.remove(key); // out of its thread's list: the next add reads the one before it
      Long next = nextOf.remove(key);
      if (next != null) {
        if (previous != null) {
          previousOf.put(next, previous);
        } else {
          previousOf.remove(next);
        }
      } else if (previous != null) {
        latestOf.put(thread, previous);
      } else {
        latestOf.remove(thread);
      }
      if (previous != null) {
        if (next != null) {
          nextOf.put(previous, next);
        } else {
          nextOf.remove(previous);
        }
      }
      long[] before = contextOf.remove(key);
      if (before != null) {
        for (long earlier : before) {
          List<Long> readers = readBy.get(earlier);
          if (readers != null && readers.remove(Long.valueOf(key)) && readers.isEmpty()) {
            readBy.remove(earlier);
          }
        }
      }
      List<Long> readers = readBy.remove(key);
      if (readers != null) { // read each again without the removed item's words
        for (long reader : readers) {
          long[] old = contextOf.get(reader);
          long[] kept = Arrays.stream(old).filter(k -> k != key).toArray();
          if (kept.length == 0) {
            contextOf.remove(reader);
          } else {
            contextOf.put(reader, kept);
          }
          index.remove(reader);
          index.add(reader, textAt.apply(ordinalOfKey.get(reader)), contextOf(kept));
        }
      }
    }

    @Override
    void moved(long key, int ordinal) {
      ordinalOfKey.put(key, ordinal);
    }

    @Override
    void clear() {
      index.clear();
      ordinalOfKey.clear();
      latestOf.clear();
      previousOf.clear();
      nextOf.clear();
      contextOf.clear();
      readBy.clear();
    }

    @Override
    List<HybridSearch.Hit> hybrid(VectorIndex vectors, float[] unitQuery, String text, int k, int depth,
        float minScore, IntPredicate accept, SearchBuffers buffers) {
      return HybridSearch.search(vectors, index, ordinalOfKey::get, unitQuery, text, k, depth, minScore, accept,
          buffers);
    }
  }
}
