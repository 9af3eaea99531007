package dev.memloop.memory.internal.vector;

/**
 * The scalar reference kernels, used when {@code jdk.incubator.vector} is not in the module graph.
 * Four independent accumulators keep the floating-point adders busy (~2x a single accumulator chain).
 */
final class ScalarVectorMath implements VectorMathSupport {

  static final ScalarVectorMath INSTANCE = new ScalarVectorMath();

  /** Classes are irrelevant to exact int accumulation; 16 keeps codes compatible with 256-bit SIMD. */
  private static final int LANES = 16;

  private ScalarVectorMath() {}

  @Override
  public String name() {
    return "scalar";
  }

  @Override
  public int int16Lanes() {
    return LANES;
  }

  @Override
  public int padding() {
    return LANES;
  }

  @Override
  public boolean compressedScanPays() {
    return false;
  }

  @Override
  public int floatLanes() {
    return 1;
  }

  @Override
  public void dotRows(float[] query, float[] rows, int offset, int stride, int length, int count, float[] out) {
    for (int r = 0; r < count; r++) {
      out[r] = dot(query, rows, offset + r * stride, length);
    }
  }

  @Override
  public float dotRow(float[] query, float[] rows, int offset, int length) {
    return dot(query, rows, offset, length);
  }

  @Override
  public void dotSelected(float[] query, float[] rows, int stride, int length, int[] ordinals, int n, float[] out) {
    for (int i = 0; i < n; i++) {
      out[i] = dot(query, rows, ordinals[i] * stride, length);
    }
  }

  private static float dot(float[] query, float[] rows, int offset, int length) {
    float s0 = 0f, s1 = 0f, s2 = 0f, s3 = 0f;
    int i = 0;
    for (int bound = length & ~3; i < bound; i += 4) {
      s0 += query[i] * rows[offset + i];
      s1 += query[i + 1] * rows[offset + i + 1];
      s2 += query[i + 2] * rows[offset + i + 2];
      s3 += query[i + 3] * rows[offset + i + 3];
    }
    for (; i < length; i++) { // scalar tail
      s0 += query[i] * rows[offset + i];
    }
    return (s0 + s1) + (s2 + s3);
  }

  @Override
  public void int16Dots(short[] query, short[] codes, int stride, int rows, int[] out) {
    for (int r = 0; r < rows; r++) {
      int base = r * stride;
      int sum = 0;
      for (int i = 0; i < stride; i++) {
        sum += query[i] * codes[base + i];
      }
      out[r] = sum;
    }
  }

  @Override
  public void quantizeInt16(float[] source, int offset, int length, short[] target, int targetOffset,
      float[] stats, float[] scratch) {
    Int16Quantizer.quantize(source, offset, length, LANES, target, targetOffset, stats);
  }

  @Override
  public void int16Bounds(int[] dots, float[] invScale, float[] residual, int n, float queryInvScale,
      float queryHatNorm, float slack, float[] upper, float[] laneTopLower) {
    float first = Float.NEGATIVE_INFINITY;
    float second = Float.NEGATIVE_INFINITY;
    for (int r = 0; r < n; r++) {
      float approx = dots[r] * invScale[r] * queryInvScale;
      float bound = Math.fma(residual[r], queryHatNorm, slack);
      upper[r] = approx + bound;
      float lower = approx - bound;
      if (lower > first) {
        second = first;
        first = lower;
      } else if (lower > second) {
        second = lower;
      }
    }
    laneTopLower[0] = first;
    laneTopLower[1] = second;
  }

  @Override
  public int int16Candidates(int[] dots, float[] invScale, float[] residual, int n, float queryInvScale,
      float queryHatNorm, float slack, int k, float minScore, float[] upper, float[] laneTopLower,
      int[] candidates) {
    int16Bounds(dots, invScale, residual, n, queryInvScale, queryHatNorm, slack, upper, laneTopLower);
    float bar = Math.max(minScore, KthLargest.select(laneTopLower, 2, k));
    int count = 0;
    for (int r = 0; r < n; r++) {
      if (upper[r] >= bar) {
        candidates[count++] = r;
      }
    }
    return count;
  }
}
