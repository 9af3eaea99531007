package dev.memloop.memory.index;

import dev.memloop.memory.internal.vector.VectorMath;
import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Exact k-NN over one contiguous array of unit vectors, rows padded so kernels never run a scalar tail.
 *
 * <p>Small indexes are scanned four rows at a time (one query load feeds four rows). From
 * {@link #COMPRESSED_MIN_ROWS} rows on, a compressed index first computes exact int16 dot products of
 * quantized codes (half the memory traffic of floats), turns each into a certified score interval (see
 * {@link VectorMath#quantizeInt16}) and scores in float only the rows whose upper bound can still reach the k-th best
 * float score found so far, best bound first. Every row never scored provably ranks below k returned ones,
 * and re-ranking uses the float scan's own kernel, so results are a full scan's (exact ties aside) and
 * scores agree with it to a few ulps. (Not always to the bit: C2 may sum the lanes of a vector in a
 * different order than the interpreter, as the Vector API allows; the bound allows for any order.)
 *
 * <p>Not thread-safe; see {@link VectorIndex}.
 */
public final class ExactIndex implements VectorIndex {

  /**
   * Below this many rows a float scan is faster than any compression (measured: see docs/BENCHMARKS.md).
   */
  public static final int COMPRESSED_MIN_ROWS = 256;

  /** First allocation when no size is expected: enough for a typical ephemeral memory. */
  static final int DEFAULT_INITIAL_ROWS = 16;

  private static final float NORM_MAX = (float) Math.sqrt(1 + IndexInputs.UNIT_TOLERANCE) * 1.000001f;

  private final int dimension;
  private final int stride;
  private final boolean compress;
  private final int initialRows;
  private static final float[] NO_ROWS = {};
  private static final long[] NO_KEYS = {};
  /** Float rounding of an exact score and of the approximation, with room to spare (see the class doc). */
  private final float floatSlack;
  private float[] rows;
  private long[] keys;
  private int size;
  private Int16Codes codes;

  private ExactIndex(int dimension, boolean compress, int initialRows) {
    if (dimension <= 0) {
      throw new IllegalArgumentException("dimension must be > 0: " + dimension);
    }
    if (initialRows <= 0) {
      throw new IllegalArgumentException("expected size must be > 0: " + initialRows);
    }
    this.initialRows = initialRows;
    this.dimension = dimension;
    this.stride = VectorMath.paddedLength(dimension);
    this.compress = compress;
    this.floatSlack = (float) ((stride + 8) * 0x1p-24 * 1.01 * NORM_MAX * NORM_MAX + 1e-6);
    this.rows = NO_ROWS;
    this.keys = NO_KEYS;
  }

  /** The default: compressed first pass where it pays on this JVM and CPU, float scan otherwise. */
  public static ExactIndex create(int dimension) {
    return create(dimension, DEFAULT_INITIAL_ROWS);
  }

  /** As {@link #create(int)}, sized for {@code expectedSize} entries before it first grows. */
  public static ExactIndex create(int dimension, int expectedSize) {
    return new ExactIndex(dimension, VectorMath.compressedScanPays(), expectedSize);
  }

  /** A plain float scan at every size: the exact reference, and the smallest footprint. */
  public static ExactIndex flat(int dimension) {
    return flat(dimension, DEFAULT_INITIAL_ROWS);
  }

  /** As {@link #flat(int)}, sized for {@code expectedSize} entries before it first grows. */
  public static ExactIndex flat(int dimension, int expectedSize) {
    return new ExactIndex(dimension, false, expectedSize);
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

  /** Whether searches currently run the compressed first pass. */
  public boolean compressed() {
    return codes != null && size >= COMPRESSED_MIN_ROWS;
  }

  @Override
  public int add(float[] unitVector, long key) {
    IndexInputs.checkStored(unitVector, dimension);
    ensureCapacity(size + 1);
    int base = size * stride;
    System.arraycopy(unitVector, 0, rows, base, dimension);
    Arrays.fill(rows, base + dimension, base + stride, 0f); // a reused row may hold an old vector's tail
    keys[size] = key;
    if (codes != null) {
      codes.encode(size, rows, base);
    }
    int ordinal = size++;
    if (codes == null && compress && size >= COMPRESSED_MIN_ROWS) {
      codes = new Int16Codes(stride, keys.length);
      for (int r = 0; r < size; r++) {
        codes.encode(r, rows, r * stride);
      }
    }
    return ordinal;
  }

  @Override
  public void removeAt(int ordinal) {
    IndexInputs.checkOrdinal(ordinal, size);
    int last = size - 1;
    if (ordinal != last) {
      System.arraycopy(rows, last * stride, rows, ordinal * stride, stride);
      keys[ordinal] = keys[last];
      if (codes != null) {
        codes.move(last, ordinal);
      }
    }
    size = last;
  }

  @Override
  public void clear() {
    size = 0;
  }

  @Override
  public float[] vector(int ordinal) {
    IndexInputs.checkOrdinal(ordinal, size);
    return Arrays.copyOfRange(rows, ordinal * stride, ordinal * stride + dimension);
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
      if (compressed() && into.compressedPassWorthTrying()) {
        CompressedSearch.run(this, query, k, minScore, accept, into);
      } else {
        scan(query, minScore, accept, into);
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
      float[] scores = into.scores(count);
      VectorMath.dotSelected(query, rows, stride, stride, ordinals, count, scores); // the re-rank's kernel
      into.countReranked(count);
      TopK top = into.top;
      for (int i = 0; i < count; i++) {
        int ordinal = ordinals[i];
        if (scores[i] >= minScore && (accept == null || accept.test(ordinal))) {
          top.offer(scores[i], keys[ordinal], ordinal);
        }
      }
    }
    into.top.finish();
  }

  /** Scores every row in float, four at a time. */
  void scan(float[] query, float minScore, IntPredicate accept, SearchBuffers into) {
    float[] scores = into.floats(size);
    VectorMath.dotRows(query, rows, 0, stride, stride, size, scores);
    into.countReranked(size);
    TopK top = into.top;
    for (int r = 0; r < size; r++) {
      float score = scores[r];
      if (score >= minScore && (accept == null || accept.test(r))) {
        top.offer(score, keys[r], r);
      }
    }
  }

  // Accessors for CompressedSearch, which keeps the two-phase algorithm in a file of its own.
  int stride() {
    return stride;
  }

  float[] rows() {
    return rows;
  }

  long[] keys() {
    return keys;
  }

  Int16Codes codes() {
    return codes;
  }

  float floatSlack() {
    return floatSlack;
  }

  static float normMax() {
    return NORM_MAX;
  }

  private void ensureCapacity(int needed) {
    if (keys.length < needed) {
      int capacity = keys.length == 0 ? Math.max(initialRows, needed) : needed + (needed >> 1);
      rows = Arrays.copyOf(rows, capacity * stride);
      keys = Arrays.copyOf(keys, capacity);
      if (codes != null) {
        codes.ensureCapacity(capacity);
      }
    }
  }
}
