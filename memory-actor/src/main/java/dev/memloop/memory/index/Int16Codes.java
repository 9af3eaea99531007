package dev.memloop.memory.index;

import dev.memloop.memory.internal.vector.VectorMath;
import java.util.Arrays;

/**
 * int16 codes of an index's rows, with what the exact re-rank needs to trust them: per row the float
 * dequantization factor and a certified bound on the quantization error. How the codes avoid int16
 * overflow and why the bound is rigorous is explained where they are made ({@link VectorMath#quantizeInt16}).
 *
 * <p>Not thread-safe; owned by one {@link ExactIndex}.
 */
final class Int16Codes {

  private final int stride;
  short[] codes;
  float[] invScale;
  float[] residual;
  private final float[] stats = new float[3];
  private final float[] scratch;

  Int16Codes(int stride, int capacityRows) {
    this.stride = stride;
    this.scratch = new float[stride];
    this.codes = new short[capacityRows * stride];
    this.invScale = new float[capacityRows];
    this.residual = new float[capacityRows];
  }

  void ensureCapacity(int rows) {
    if (invScale.length < rows) {
      codes = Arrays.copyOf(codes, rows * stride);
      invScale = Arrays.copyOf(invScale, rows);
      residual = Arrays.copyOf(residual, rows);
    }
  }

  void encode(int row, float[] source, int offset) {
    VectorMath.quantizeInt16(source, offset, stride, codes, row * stride, stats, scratch);
    invScale[row] = stats[0];
    residual[row] = stats[1];
  }

  void move(int from, int to) {
    System.arraycopy(codes, from * stride, codes, to * stride, stride);
    invScale[to] = invScale[from];
    residual[to] = residual[from];
  }
}
