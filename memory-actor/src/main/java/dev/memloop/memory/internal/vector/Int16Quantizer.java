package dev.memloop.memory.internal.vector;

import java.util.Arrays;

/**
 * The int16 quantization both kernel sets share, and its scalar reference.
 *
 * <p><b>Why int16 accumulation does not overflow.</b> A SIMD int16 multiply-add wraps modulo 2^16, so a
 * lane's sum is exact as long as its true value fits in 16 bits. Lane {@code l} only ever sees dimensions
 * {@code i ≡ l (mod lanes)}, a residue class. Each vector is scaled so that every class has a quantized
 * norm of at most 181; by Cauchy-Schwarz a lane's sum is then at most 181 * 181 = 32761 < 2^15.
 *
 * <p><b>Why the error bound is rigorous.</b> With {@code x' = codes * inverse} (the float factor actually
 * used downstream), {@code |q'.x' - q.x| <= |q'| |x' - x| + |q' - q| |x|}. The residual {@code |x' - x|} and
 * the norm {@code |x'|} are reported as upper bounds that include the rounding of their own computation.
 */
final class Int16Quantizer {

  /** Largest quantized norm of one residue class: 181^2 = 32761 fits a signed 16-bit lane. */
  static final int CLASS_NORM_LIMIT = 181;
  private static final long CLASS_NORM_LIMIT_SQ = (long) CLASS_NORM_LIMIT * CLASS_NORM_LIMIT;
  /** Relative and absolute allowance for float rounding in the residual and norm sums. */
  private static final double RELATIVE_SLACK = 1e-5;
  private static final double ABSOLUTE_SLACK = 2e-7;

  private Int16Quantizer() {}

  /**
   * The scale that puts the largest class norm just below the limit. Rounding moves each code by at most
   * 1/2, so a class norm by at most sqrt(dims per class) / 2: leaving that much room makes the limit hold
   * without a second pass to check it.
   */
  static double scale(double maxClassSq, int dimsPerClass) {
    return (CLASS_NORM_LIMIT - 0.5 * Math.sqrt(dimsPerClass)) / Math.sqrt(maxClassSq);
  }

  static void zero(short[] target, int offset, int length, float[] stats) {
    Arrays.fill(target, offset, offset + length, (short) 0);
    stats[0] = 0f;
    stats[1] = 0f;
    stats[2] = 0f;
  }

  static void finish(float inverse, double residualSq, double normSq, float[] stats) {
    stats[0] = inverse;
    stats[1] = roundUp(Math.sqrt(residualSq) * (1 + RELATIVE_SLACK) + ABSOLUTE_SLACK);
    stats[2] = roundUp(Math.sqrt(normSq) * (1 + RELATIVE_SLACK) + ABSOLUTE_SLACK);
  }

  /** The scalar reference: sums in double, {@code Math.rint} rounding. */
  static void quantize(float[] source, int offset, int length, int lanes, short[] target, int targetOffset,
      float[] stats) {
    double maxClassSq = 0;
    for (int c = 0; c < lanes; c++) {
      double sq = 0;
      for (int i = c; i < length; i += lanes) {
        double x = source[offset + i];
        sq += x * x;
      }
      maxClassSq = Math.max(maxClassSq, sq);
    }
    if (maxClassSq == 0) {
      zero(target, targetOffset, length, stats);
      return;
    }
    double scale = scale(maxClassSq, length / lanes);
    float inverse = (float) (1.0 / scale);
    double residualSq = 0;
    double normSq = 0;
    for (int i = 0; i < length; i++) {
      double x = source[offset + i];
      double code = Math.rint(x * scale); // rint is an intrinsic; Math.round is not on JDK 17
      target[targetOffset + i] = (short) code;
      double restored = code * inverse;
      residualSq += (restored - x) * (restored - x);
      normSq += restored * restored;
    }
    assert classNormsFit(target, targetOffset, length, lanes);
    finish(inverse, residualSq, normSq, stats);
  }

  static boolean classNormsFit(short[] codes, int offset, int length, int lanes) {
    for (int c = 0; c < lanes; c++) {
      long sq = 0;
      for (int i = c; i < length; i += lanes) {
        sq += (long) codes[offset + i] * codes[offset + i];
      }
      if (sq > CLASS_NORM_LIMIT_SQ) {
        return false;
      }
    }
    return true;
  }

  static float roundUp(double value) {
    float f = (float) value;
    return f < value ? Math.nextUp(f) : f;
  }
}
