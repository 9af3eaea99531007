package dev.memloop.memory;

/**
 * Normalization to unit length, the form every index stores and searches. Public for {@link WorkingMemory}
 * implementations in other modules (the pgvector store), so that every memory stores the same vectors.
 */
public final class UnitVectors {

  /** Vectors this close to unit length (on the squared norm) are used as given, bit for bit. */
  static final double TOLERANCE = 1e-6;

  private UnitVectors() {}

  /**
   * {@code vector} scaled to unit length. Returns {@code vector} itself when it already is, scales it in
   * place when the caller owns it ({@code owned}), and otherwise returns a scaled copy. Scaling runs in
   * double so that tiny (even subnormal) components cannot overflow the inverse norm.
   */
  public static float[] unit(float[] vector, double squaredNorm, boolean owned) {
    if (Math.abs(squaredNorm - 1) <= TOLERANCE) {
      return vector;
    }
    double inverse = 1 / Math.sqrt(squaredNorm);
    float[] out = owned ? vector : new float[vector.length];
    for (int i = 0; i < vector.length; i++) {
      out[i] = (float) (vector[i] * inverse);
    }
    return out;
  }
}
