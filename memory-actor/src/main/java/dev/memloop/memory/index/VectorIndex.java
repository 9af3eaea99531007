package dev.memloop.memory.index;

import java.util.function.IntPredicate;

/**
 * A k-nearest-neighbour index over unit vectors of one fixed dimension, scored by dot product (cosine for
 * unit vectors). Entries are addressed by dense ordinals {@code 0..size()-1}: removing one moves the last
 * entry into its place, the way the caller's parallel arrays move. Each entry also carries a {@code long}
 * key that breaks score ties (smaller first), so results never depend on hash order.
 *
 * <p>Not thread-safe: one owner, or readers and writers serialized by the caller. Searches take their
 * working arrays from a {@link SearchBuffers} so that concurrent readers can each bring their own.
 */
public interface VectorIndex {

  /** The dimension every vector must have. */
  int dimension();

  /** Number of entries. */
  int size();

  /**
   * Appends a copy of {@code unitVector} (length {@link #dimension()}, unit length, finite: the caller has
   * checked it) under {@code key}. Returns its ordinal, which is the size before the call.
   */
  int add(float[] unitVector, long key);

  /** Removes the entry at {@code ordinal}; the entry at {@code size() - 1}, if another, takes its ordinal. */
  void removeAt(int ordinal);

  /** Removes every entry. */
  void clear();

  /** A copy of the stored vector at {@code ordinal}. */
  float[] vector(int ordinal);

  /** The tie-break key of the entry at {@code ordinal}. */
  long key(int ordinal);

  /**
   * Finds the best {@code k} entries whose score is at least {@code minScore} and whose ordinal
   * {@code accept} allows (all when null), best first, ties by smaller key. Results land in {@code into}.
   *
   * @param unitQuery a unit vector of length {@link #dimension()}; read, not kept
   */
  void search(float[] unitQuery, int k, float minScore, IntPredicate accept, SearchBuffers into);

  /**
   * As {@link #search}, scoring only the first {@code count} of {@code ordinals} (an identity's items, say): exact
   * scores, with the kernel {@link #search} re-ranks with where it can. This default copies each vector; the exact
   * indexes score their rows in place.
   *
   * @param ordinals distinct ordinals of this index; read, not kept
   */
  default void searchAmong(float[] unitQuery, int[] ordinals, int count, int k, float minScore, IntPredicate accept,
      SearchBuffers into) {
    IndexInputs.checkSearch(unitQuery, k, dimension(), into.four);
    into.begin(k);
    into.countReranked(count);
    for (int i = 0; i < count; i++) {
      int ordinal = ordinals[i];
      float score = dev.memloop.memory.internal.vector.VectorMath.dot(unitQuery, vector(ordinal));
      if (score >= minScore && (accept == null || accept.test(ordinal))) {
        into.top.offer(score, key(ordinal), ordinal);
      }
    }
    into.top.finish();
  }

  /** Whether results are the exact top k (true) or approximate (an HNSW graph). */
  boolean exact();
}
