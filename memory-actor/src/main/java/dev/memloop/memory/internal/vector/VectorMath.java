package dev.memloop.memory.internal.vector;

import java.util.Objects;

/**
 * Vector kernels for memloop's indexes: float dot products and the exact int16 first pass. One
 * implementation is chosen per JVM (see {@link VectorMathProvider}); every method is thread-safe and keeps
 * no reference to the arrays it is given.
 *
 * <p>Not API: this package may change in any release.
 */
public final class VectorMath {

  private static final VectorMathSupport IMPL = VectorMathProvider.load();

  private VectorMath() {}

  /** {@code "panama"} or {@code "scalar"}: recorded in every run's metadata. */
  public static String implementationName() {
    return IMPL.name();
  }

  /** Residue classes used to bound int16 accumulation (see {@link VectorMathSupport#int16Lanes()}). */
  public static int int16Lanes() {
    return IMPL.int16Lanes();
  }

  /** Rows padded to a multiple of this many floats need no scalar tail in any kernel. */
  public static int padding() {
    return IMPL.padding();
  }

  /** Whether the int16 first pass pays on this JVM and CPU. */
  public static boolean compressedScanPays() {
    return IMPL.compressedScanPays();
  }

  /** Rounds {@code dimension} up to the kernels' padding. */
  public static int paddedLength(int dimension) {
    int p = padding();
    return (dimension + p - 1) / p * p;
  }

  /** Dot product of two equal-length arrays, in the same operation order as the index kernels; allocates nothing. */
  public static float dot(float[] a, float[] b) {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
    if (a.length != b.length) {
      throw new IllegalArgumentException("vector dimensions differ: " + a.length + " != " + b.length);
    }
    return IMPL.dotRow(a, b, 0, a.length);
  }

  /**
   * The squared length of {@code v} by a plain loop over four independent float sums (so that C1 and C2 both run
   * it at the speed of scalar code): for paths that run too rarely for C2 to have compiled their callers, where a
   * Vector API kernel would run its Java fallback. Sums in another order than the kernels: equal to their result
   * within float rounding, not to the bit.
   */
  public static float squaredNormScalar(float[] v) {
    float s0 = 0;
    float s1 = 0;
    float s2 = 0;
    float s3 = 0;
    int i = 0;
    for (; i + 3 < v.length; i += 4) {
      s0 += v[i] * v[i];
      s1 += v[i + 1] * v[i + 1];
      s2 += v[i + 2] * v[i + 2];
      s3 += v[i + 3] * v[i + 3];
    }
    for (; i < v.length; i++) {
      s0 += v[i] * v[i];
    }
    return (s0 + s1) + (s2 + s3);
  }

  /** Dot products of a query with consecutive rows; see {@link VectorMathSupport#dotRows}. */
  public static void dotRows(float[] query, float[] rows, int offset, int stride, int length, int count, float[] out) {
    IMPL.dotRows(query, rows, offset, stride, length, count, out);
  }

  /** Dot products of a query with chosen rows; see {@link VectorMathSupport#dotSelected}. */
  public static void dotSelected(float[] query, float[] rows, int stride, int length, int[] ordinals, int n,
      float[] out) {
    IMPL.dotSelected(query, rows, stride, length, ordinals, n, out);
  }

  /** Exact int16 dot products of code rows; see {@link VectorMathSupport#int16Dots}. */
  public static void int16Dots(short[] query, short[] codes, int stride, int rows, int[] out) {
    IMPL.int16Dots(query, codes, stride, rows, out);
  }

  /** Lane count of {@link #int16Bounds}'s per-lane maxima (1 for the scalar kernels; it keeps two per lane). */
  public static int floatLanes() {
    return IMPL.floatLanes();
  }

  /** int16 codes with certified error; see {@link VectorMathSupport#quantizeInt16}. */
  public static void quantizeInt16(float[] source, int offset, int length, short[] target, int targetOffset,
      float[] stats, float[] scratch) {
    IMPL.quantizeInt16(source, offset, length, target, targetOffset, stats, scratch);
  }

  /** Certified score intervals from int16 dot products; see {@link VectorMathSupport#int16Bounds}. */
  public static void int16Bounds(int[] dots, float[] invScale, float[] residual, int n, float queryInvScale,
      float queryHatNorm, float slack, float[] upper, float[] laneTopLower) {
    IMPL.int16Bounds(dots, invScale, residual, n, queryInvScale, queryHatNorm, slack, upper, laneTopLower);
  }

  /** Bounds, bar and surviving rows in one call; see {@link VectorMathSupport#int16Candidates}. */
  public static int int16Candidates(int[] dots, float[] invScale, float[] residual, int n, float queryInvScale,
      float queryHatNorm, float slack, int k, float minScore, float[] upper, float[] laneTopLower,
      int[] candidates) {
    return IMPL.int16Candidates(dots, invScale, residual, n, queryInvScale, queryHatNorm, slack, k, minScore, upper,
        laneTopLower, candidates);
  }
}
