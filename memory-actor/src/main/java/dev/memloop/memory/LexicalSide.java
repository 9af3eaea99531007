package dev.memloop.memory;

import dev.memloop.memory.index.HybridSearch;
import dev.memloop.memory.index.LexicalIndex;
import dev.memloop.memory.index.SearchBuffers;
import dev.memloop.memory.index.TextAnalysis;
import dev.memloop.memory.index.VectorIndex;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * The lexical half of a memory's items: BM25 over their texts, kept in step with the vector index by key. A memory
 * not built {@code lexical()} has {@link #NONE}, which keeps nothing and refuses a hybrid search, so that the memory
 * never asks whether it has one. Not thread-safe: the owning memory serializes access.
 */
abstract class LexicalSide {

  /** No lexical index: adds, removals and moves cost nothing. */
  static final LexicalSide NONE = new LexicalSide() {
    @Override
    boolean kept() {
      return false;
    }

    @Override
    void added(long key, int ordinal, String text) {}

    @Override
    void removed(long key) {}

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

  /** BM25 over the texts, read by {@code analysis}. */
  static LexicalSide of(TextAnalysis analysis) {
    return new Bm25(analysis);
  }

  /** Whether texts are indexed. */
  abstract boolean kept();

  /** An item was added under {@code key}, at {@code ordinal} of the vector index. */
  abstract void added(long key, int ordinal, String text);

  abstract void removed(long key);

  /** The item under {@code key} moved to {@code ordinal} (a removal filled its hole with the last item). */
  abstract void moved(long key, int ordinal);

  abstract void clear();

  /** The hybrid search of the items ({@link HybridSearch}). */
  abstract List<HybridSearch.Hit> hybrid(VectorIndex vectors, float[] unitQuery, String text, int k, int depth,
      float minScore, IntPredicate accept, SearchBuffers buffers);

  private static final class Bm25 extends LexicalSide {
    private final LexicalIndex index;
    /** Each item's ordinal by key: BM25's hits come back by key. */
    private final Map<Long, Integer> ordinalOfKey = new HashMap<>();

    Bm25(TextAnalysis analysis) {
      this.index = new LexicalIndex(analysis);
    }

    @Override
    boolean kept() {
      return true;
    }

    @Override
    void added(long key, int ordinal, String text) {
      index.add(key, text);
      ordinalOfKey.put(key, ordinal);
    }

    @Override
    void removed(long key) {
      index.remove(key);
      ordinalOfKey.remove(key);
    }

    @Override
    void moved(long key, int ordinal) {
      ordinalOfKey.put(key, ordinal);
    }

    @Override
    void clear() {
      index.clear();
      ordinalOfKey.clear();
    }

    @Override
    List<HybridSearch.Hit> hybrid(VectorIndex vectors, float[] unitQuery, String text, int k, int depth,
        float minScore, IntPredicate accept, SearchBuffers buffers) {
      return HybridSearch.search(vectors, index, ordinalOfKey::get, unitQuery, text, k, depth, minScore, accept,
          buffers);
    }
  }
}
