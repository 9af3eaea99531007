package dev.memloop.memory.internal.vector;

/**
 * The vector kernels behind {@link VectorMath}: one scalar reference implementation and one on
 * {@code jdk.incubator.vector}. Implementations are stateless and thread-safe. Arrays are read, never
 * kept; offsets and lengths are trusted (the facade and the indexes check them once, not per call).
 *
 * <p><b>Why the kernels are bulk operations.</b> A Vector API operation is fast only when C2 inlines its
 * whole chain down to the intrinsic. C2 stops inlining at a depth of 15, so a small kernel inlined into a
 * deep caller (an agent's behavior, its policy, the memory, the index...) can have the cut land inside
 * the Vector API: the vectors are then boxed objects and the kernel runs ~10x slower (measured here).
 * Each Panama kernel therefore loops over many rows and is larger than C2's hot-method inlining limit
 * (325 bytecodes): it is never inlined into a caller, always compiled as its own root, and its Vector API
 * chains stay shallow wherever it is called from.
 */
interface VectorMathSupport {

  /** A short name for reports: {@code "panama"} or {@code "scalar"}. */
  String name();

  /**
   * The number of int16 lanes one multiply-add instruction works on. Quantized codes are split into this
   * many residue classes of dimensions so that no lane of an int16 accumulator can overflow.
   */
  int int16Lanes();

  /** The row stride (in floats) that lets kernels run without scalar tails: a multiple of every lane count. */
  int padding();

  /** Whether a compressed int16 first pass beats a float scan here (false for the scalar twin). */
  boolean compressedScanPays();

  /** The number of float lanes of {@link #int16Bounds}'s per-lane maxima. */
  int floatLanes();

  /**
   * Dot products of {@code query[0..length)} with {@code count} rows, row {@code r} starting at
   * {@code rows[offset + r * stride]}, into {@code out[0..count)}. Each row is summed in the same order
   * however many rows are scored with it, here or in {@link #dotSelected}; only the final sum of the
   * vector lanes may be ordered differently by different compilations (the Vector API permits it).
   */
  void dotRows(float[] query, float[] rows, int offset, int stride, int length, int count, float[] out);

  /**
   * The dot product of {@code query[0..length)} with the one row at {@code rows[offset]}: the same arithmetic as
   * {@link #dotRows} with {@code count == 1}, returned instead of written, so a single product allocates nothing.
   */
  float dotRow(float[] query, float[] rows, int offset, int length);

  /**
   * Dot products of {@code query[0..length)} with the rows {@code ordinals[0..n)} (row {@code o} starts at
   * {@code rows[o * stride]}) into {@code out[0..n)}; the same arithmetic as {@link #dotRows} on those rows.
   */
  void dotSelected(float[] query, float[] rows, int stride, int length, int[] ordinals, int n, float[] out);

  /**
   * Exact integer dot products of the int16 {@code query} with {@code rows} consecutive code rows of
   * {@code stride} shorts each, into {@code out[0..rows)}. The codes must come from {@link #quantizeInt16}.
   */
  void int16Dots(short[] query, short[] codes, int stride, int rows, int[] out);

  /**
   * Quantizes {@code source[offset..offset+length)} ({@code length} a multiple of {@link #padding()}) to int16
   * codes whose residue classes of {@link #int16Lanes()} each have a norm of at most 181. Writes into
   * {@code stats}: [0] the float factor from codes back to the source scale, [1] an upper bound on the
   * residual norm {@code |codes * stats[0] - source|} and [2] an upper bound on {@code |codes * stats[0]|}.
   * {@code scratch} holds at least {@code length} floats of working space.
   */
  void quantizeInt16(float[] source, int offset, int length, short[] target, int targetOffset, float[] stats,
      float[] scratch);

  /**
   * Turns exact int16 dot products into certified score intervals. For {@code r < n}:
   * {@code approx = dots[r] * invScale[r] * queryInvScale}, {@code bound = residual[r] * queryHatNorm + slack},
   * {@code upper[r] = approx + bound}. {@code laneTopLower} (length {@code 2 * floatLanes()}) receives, for
   * each lane {@code l}, the two largest {@code approx - bound} over the rows {@code r % floatLanes() == l}
   * (at {@code l} and {@code floatLanes() + l}; negative infinity where a lane has fewer rows): lower bounds
   * of distinct rows, from which a threshold every top-k member must reach follows.
   */
  void int16Bounds(int[] dots, float[] invScale, float[] residual, int n, float queryInvScale,
      float queryHatNorm, float slack, float[] upper, float[] laneTopLower);

  /**
   * {@link #int16Bounds}, then the rows that can still be among the best {@code k} ({@code k <= 2 *
   * floatLanes()}): every {@code r} whose upper bound reaches both {@code minScore} and the k-th largest of
   * the per-lane top-two lower bounds, written ascending to {@code candidates}. Returns their count.
   */
  int int16Candidates(int[] dots, float[] invScale, float[] residual, int n, float queryInvScale,
      float queryHatNorm, float slack, int k, float minScore, float[] upper, float[] laneTopLower,
      int[] candidates);
}
