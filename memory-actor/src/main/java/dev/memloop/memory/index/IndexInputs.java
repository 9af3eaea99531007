package dev.memloop.memory.index;

import dev.memloop.memory.internal.vector.VectorMath;

/**
 * The checks every exact index makes of what it is given: the dimension, and unit length (exactness and the
 * compressed pass's bounds rest on it). One place, so that the indexes agree on the tolerance.
 */
final class IndexInputs {

  /** A stored or query vector may deviate from unit length by this much (on the squared norm). */
  static final double UNIT_TOLERANCE = 1e-5;

  private IndexInputs() {}

  /**
   * A stored vector: a plain loop, not the search's kernel. A write is rare per agent, so its caller may not be
   * compiled by C2 yet, and a Vector API kernel called from such code runs its Java fallback (8% of a fleet's step
   * in one profile).
   */
  static void checkStored(float[] vector, int dimension) {
    checkDimension(vector, dimension, "vector");
    checkNorm(VectorMath.squaredNormScalar(vector), "vector");
  }

  /** A query, with the search's own kernel (searches run often, so their callers are compiled). */
  static void checkQuery(float[] vector, int dimension, float[] scratch) {
    checkDimension(vector, dimension, "query");
    VectorMath.dotRows(vector, vector, 0, dimension, dimension, 1, scratch);
    checkNorm(scratch[0], "query");
  }

  static void checkDimension(float[] vector, int dimension, String what) {
    if (vector.length != dimension) {
      throw new IllegalArgumentException(what + " dimension " + vector.length + " != " + dimension);
    }
  }

  private static void checkNorm(double normSq, String what) {
    if (!(Math.abs(normSq - 1) <= UNIT_TOLERANCE)) {
      throw new IllegalArgumentException(what + " must be a unit vector, squared norm is " + normSq);
    }
  }
}
