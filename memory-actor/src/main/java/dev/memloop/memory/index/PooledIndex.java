package dev.memloop.memory.index;

import dev.memloop.memory.internal.vector.VectorMath;
import java.util.Arrays;
import java.util.function.IntPredicate;
import java.util.function.UnaryOperator;

/**
 * Exact k-NN whose rows are references to immutable vectors kept once for many indexes (a
 * {@code dev.memloop.memory.ContentPool}): a fleet of agents that remember the same lines holds each line's vector
 * once, not once per agent. Each row is scored with the kernel {@link ExactIndex}'s scan runs for one row, in the
 * same operation order, so results and scores are those of {@link ExactIndex#flat}. Every size is a float scan:
 * pooled memories are many and small, where no compressed pass pays.
 *
 * <p>Not thread-safe; see {@link VectorIndex}. The interning function is called from whichever thread adds, so it
 * must be thread-safe when indexes of several owners share it.
 */
public final class PooledIndex implements VectorIndex {

  private static final float[][] NO_ROWS = {};
  private static final long[] NO_KEYS = {};

  private final int dimension;
  private final int stride;
  private final int initialRows;
  private final UnaryOperator<float[]> intern;
  private float[][] rows = NO_ROWS;
  private long[] keys = NO_KEYS;
  private int size;

  /**
   * @param intern given a stored unit vector ({@code dimension} floats, the caller's: read it, never keep it), returns
   *     a row of {@link #stride(int)} floats equal to it and zero beyond that nobody ever writes to: the pool's, or a
   *     fresh padded copy (then kept as this index's own)
   * @param expectedSize rows allocated by the first add
   */
  public PooledIndex(int dimension, int expectedSize, UnaryOperator<float[]> intern) {
    if (dimension <= 0) {
      throw new IllegalArgumentException("dimension must be > 0: " + dimension);
    }
    if (expectedSize <= 0) {
      throw new IllegalArgumentException("expected size must be > 0: " + expectedSize);
    }
    if (intern == null) {
      throw new IllegalArgumentException("intern function must not be null");
    }
    this.dimension = dimension;
    this.stride = stride(dimension);
    this.initialRows = expectedSize;
    this.intern = intern;
  }

  /** The padded length of every row this index keeps for vectors of {@code dimension}. */
  public static int stride(int dimension) {
    return VectorMath.paddedLength(dimension);
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public int add(float[] unitVector, long key) {
    IndexInputs.checkStored(unitVector, dimension);
    float[] row = intern.apply(unitVector);
    if (row == null || row.length != stride) {
      throw new IllegalStateException("the intern function returned " + (row == null ? "null" : row.length
          + " floats") + " for a row of " + stride);
    }
    if (size == keys.length) {
      int capacity = size == 0 ? initialRows : size + (size >> 1) + 1;
      rows = Arrays.copyOf(rows, capacity);
      keys = Arrays.copyOf(keys, capacity);
    }
    rows[size] = row;
    keys[size] = key;
    return size++;
  }

  @Override
  public void removeAt(int ordinal) {
    IndexInputs.checkOrdinal(ordinal, size);
    int last = size - 1;
    rows[ordinal] = rows[last];
    keys[ordinal] = keys[last];
    rows[last] = null; // a shared row stays the pool's; this index lets go of its reference
    size = last;
  }

  @Override
  public void clear() {
    Arrays.fill(rows, 0, size, null);
    size = 0;
  }

  @Override
  public float[] vector(int ordinal) {
    IndexInputs.checkOrdinal(ordinal, size);
    return Arrays.copyOf(rows[ordinal], dimension);
  }

  @Override
  public long key(int ordinal) {
    IndexInputs.checkOrdinal(ordinal, size);
    return keys[ordinal];
  }

  @Override
  public void search(float[] unitQuery, int k, float minScore, IntPredicate accept, SearchBuffers into) {
    IndexInputs.checkSearch(unitQuery, k, dimension, into.four);
    into.begin(k);
    if (size > 0) {
      float[] query = IndexInputs.padded(unitQuery, dimension, stride, into);
      into.countReranked(size);
      TopK top = into.top;
      for (int r = 0; r < size; r++) {
        float score = VectorMath.dot(query, rows[r]);
        if (score >= minScore && (accept == null || accept.test(r))) {
          top.offer(score, keys[r], r);
        }
      }
    }
    into.top.finish();
  }

  @Override
  public void searchAmong(float[] unitQuery, int[] ordinals, int count, int k, float minScore, IntPredicate accept,
      SearchBuffers into) {
    IndexInputs.checkSearch(unitQuery, k, dimension, into.four);
    into.begin(k);
    if (count > 0) {
      float[] query = IndexInputs.padded(unitQuery, dimension, stride, into);
      into.countReranked(count);
      TopK top = into.top;
      for (int i = 0; i < count; i++) {
        int ordinal = ordinals[i];
        float score = VectorMath.dot(query, rows[ordinal]); // the one-row kernel of the scan: the same scores
        if (score >= minScore && (accept == null || accept.test(ordinal))) {
          top.offer(score, keys[ordinal], ordinal);
        }
      }
    }
    into.top.finish();
  }
}
