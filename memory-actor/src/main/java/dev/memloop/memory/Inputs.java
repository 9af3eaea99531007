package dev.memloop.memory;

import dev.memloop.memory.internal.vector.VectorMath;
import java.util.List;

/**
 * Argument checks shared by the memories. Every failure is an {@link IllegalArgumentException} whose
 * message names the argument and shows the offending value, and every check runs before anything changes.
 * Public for {@link WorkingMemory} implementations in other modules (the pgvector store), so that every memory
 * refuses the same input with the same words.
 */
public final class Inputs {

  private static final int SHOWN_CHARS = 60;

  /**
   * The longest text a memory embeds or stores, in chars: far above any action line, fact or chat turn an agent
   * keeps (a long one is a few thousand), far below what would let one message fill a node's heap. A longer text
   * is refused, not cut: a silently shortened memory would match what it never said.
   */
  public static final int MAX_TEXT_CHARS = 100_000;

  private Inputs() {}

  public static void text(String text, String name) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(name + " must not be null or blank: " + show(text));
    }
    bounded(text, name);
  }

  private static void bounded(String text, String name) {
    if (text.length() > MAX_TEXT_CHARS) {
      throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
          "%s of %,d chars is longer than the limit of %,d: %s", name, text.length(), MAX_TEXT_CHARS, show(text)));
    }
  }

  /** Text stored beside a pre-embedded vector: optional, but not blank. */
  public static void optionalText(String text) {
    if (text != null && text.isBlank()) {
      throw new IllegalArgumentException("text must be null or non-blank: " + show(text));
    }
    if (text != null) {
      bounded(text, "text");
    }
  }

  public static void texts(List<String> texts) {
    if (texts == null) {
      throw new IllegalArgumentException("texts must not be null");
    }
    for (int i = 0; i < texts.size(); i++) {
      text(texts.get(i), "texts[" + i + "]");
    }
  }

  public static void id(String id) {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("id must not be null or blank: " + show(id));
    }
  }

  public static void k(int k) {
    if (k <= 0) {
      throw new IllegalArgumentException("k must be > 0: " + k);
    }
  }

  public static void threshold(double threshold) {
    if (!(threshold >= -1 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in [-1, 1]: " + threshold);
    }
  }

  public static void filter(MetadataFilter filter) {
    if (filter == null) {
      throw new IllegalArgumentException("filter must not be null");
    }
  }

  /** A caller's vector: right dimension, finite, not all zeros. Returns its squared norm. */
  public static double vector(float[] vector, int dimension, String name) {
    checkShape(vector, dimension, name);
    return nonZero(squaredNorm(vector, name), dimension, name);
  }

  /**
   * A caller's vector to store, checked as {@link #vector}, its norm summed by a plain loop: in a fleet of 20,000
   * agents on JDK 17 and 2 cores the SIMD kernel ran its Java fallback on this path (12.5% of all CPU samples, where
   * the search path's same call was compiled; why this path and not that one was not pinned down: a caller left at a
   * lower tier, or an inlining limit). The plain loop costs tens of nanoseconds at any tier. Its sum may differ from
   * the kernel's in the last bit.
   */
  public static double storedVector(float[] vector, int dimension, String name) {
    checkShape(vector, dimension, name);
    float plain = VectorMath.squaredNormScalar(vector);
    return nonZero(Float.isFinite(plain) && plain > 1e-30f ? plain : exactSquaredNorm(vector, name), dimension, name);
  }

  private static void checkShape(float[] vector, int dimension, String name) {
    if (vector == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
    if (vector.length != dimension) {
      throw new IllegalArgumentException(name + " dimension " + vector.length + " != " + dimension);
    }
  }

  private static double nonZero(double squaredNorm, int dimension, String name) {
    if (squaredNorm == 0) {
      throw new IllegalArgumentException(name + " is the zero vector (" + dimension + " zeros); it has no direction");
    }
    return squaredNorm;
  }

  /**
   * An embedder's output. A wrong length or a NaN is the embedder's fault, not the caller's, and is
   * reported as such; the zero vector is legitimate (no known token) and returned as norm 0.
   */
  public static double embedded(float[] vector, int dimension, Embedder embedder, String text) {
    if (vector == null || vector.length != dimension) {
      throw new IllegalStateException("embedder " + embedder.name() + " returned "
          + (vector == null ? "null" : vector.length + " dimensions") + " for " + show(text)
          + "; the memory expects " + dimension);
    }
    try {
      return squaredNorm(vector, "embedding");
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("embedder " + embedder.name() + " returned a bad vector for " + show(text)
          + ": " + e.getMessage(), e);
    }
  }

  /**
   * The squared norm, checking every component is finite. The fast path is one SIMD dot product: any NaN
   * or infinity makes it non-finite, so only then (or for a zero or underflowing sum) does the exact scalar
   * pass below run, to name the component or get the sum right.
   */
  public static double squaredNorm(float[] vector, String name) {
    float fast = VectorMath.dot(vector, vector); // no result array: this runs on every search and text write
    if (Float.isFinite(fast) && fast > 1e-30f) {
      return fast;
    }
    return exactSquaredNorm(vector, name);
  }

  private static double exactSquaredNorm(float[] vector, String name) {
    double sum = 0;
    for (int i = 0; i < vector.length; i++) {
      float x = vector[i];
      if (!Float.isFinite(x)) {
        throw new IllegalArgumentException(name + "[" + i + "] is " + x + "; components must be finite");
      }
      sum += (double) x * x;
    }
    return sum;
  }

  /** A value quoted for an error message, shortened so a huge text cannot flood a log. */
  public static String show(String value) {
    if (value == null) {
      return "null";
    }
    String shown = value.length() <= SHOWN_CHARS ? value : value.substring(0, SHOWN_CHARS) + "...";
    return "'" + shown + "'" + (value.length() > SHOWN_CHARS ? " (" + value.length() + " chars)" : "");
  }
}
