package dev.memloop.memory.index;

import dev.memloop.memory.internal.vector.VectorMath;

/**
 * What every exact index does with what it is given: checks the dimension, unit length (exactness and the compressed
 * pass's bounds rest on it), k and ordinals, and pads a query to the rows' padded length. One place, so that the
 * indexes agree.
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

  /**
   * A search's arguments, before anything is searched: {@code k} and the query (with the search's own kernel: searches
   * run often, so their callers are compiled).
   */
  static void checkSearch(float[] unitQuery, int k, int dimension, float[] scratch) {
    if (k <= 0) {
      throw new IllegalArgumentException("k must be > 0: " + k);
    }
    checkQuery(unitQuery, dimension, scratch);
  }

  /** The query over the rows' padded length: itself when no padding, else a zero-padded copy in {@code into}. */
  static float[] padded(float[] unitQuery, int dimension, int stride, SearchBuffers into) {
    if (dimension == stride) {
      return unitQuery;
    }
    float[] query = into.query(stride); // kernels run over the padded length: pad the query with zeros too
    System.arraycopy(unitQuery, 0, query, 0, dimension);
    java.util.Arrays.fill(query, dimension, stride, 0f);
    return query;
  }

  static void checkOrdinal(int ordinal, int size) {
    if (ordinal < 0 || ordinal >= size) {
      throw new IndexOutOfBoundsException("ordinal " + ordinal + " of " + size);
    }
  }

  /** A query, with the search's own kernel (searches run often, so their callers are compiled). */
  private static void checkQuery(float[] vector, int dimension, float[] scratch) {
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
