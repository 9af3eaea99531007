package dev.memloop.memory;

import dev.memloop.memory.index.PooledIndex;
import dev.memloop.memory.internal.pool.BoundedInterner;
import java.util.Arrays;

/**
 * Vectors and texts kept once for many memories that store the same content: a fleet of agents that act on one
 * catalog and remember the same action lines holds each line, and its vector, once instead of once per agent. A
 * memory built with {@link WorkingMemoryBuilder#sharing(ContentPool)} stores references into the pool; its results
 * and scores are those of an unshared memory (equal content is shared, bit for bit).
 *
 * <p>A pool keeps what it was given for as long as it lives, up to {@code maxEntries} vectors and as many texts;
 * beyond that, content not yet in it is stored by each memory as its own, as without a pool. So it pays where
 * memories repeat one another, and costs about a hundred bytes per entry (the map's) where they do not. Make one per
 * fleet, or per group of agents, and let it go with them.
 *
 * <p>Thread-safe: memories owned by different actors intern into it concurrently. What it hands out is never
 * written to.
 */
public final class ContentPool {

  private final int dimension;
  private final int stride;
  private final BoundedInterner<Row, float[]> vectors;
  private final BoundedInterner<String, String> texts;

  private ContentPool(int dimension, int maxEntries) {
    this.dimension = dimension;
    this.stride = PooledIndex.stride(dimension);
    this.vectors = new BoundedInterner<>(maxEntries);
    this.texts = new BoundedInterner<>(maxEntries);
  }

  /**
   * A pool for vectors of {@code dimension} (the memories' embedder's), holding at most {@code maxEntries} vectors
   * and as many texts.
   */
  public static ContentPool create(int dimension, int maxEntries) {
    if (dimension <= 0) {
      throw new IllegalArgumentException("content pool dimension must be > 0: " + dimension);
    }
    if (maxEntries <= 0) {
      throw new IllegalArgumentException("content pool max entries must be > 0: " + maxEntries);
    }
    return new ContentPool(dimension, maxEntries);
  }

  public int dimension() {
    return dimension;
  }

  /** Distinct vectors held. */
  public int vectors() {
    return vectors.size();
  }

  /** Distinct texts held. */
  public int texts() {
    return texts.size();
  }

  /**
   * The pool's row (padded to {@code PooledIndex.stride}, zeros beyond the vector) of the content of {@code unit}, or
   * a fresh padded copy when the pool is full. {@code unit} is only read: a vector the pool holds already costs no
   * copy, which is every add of a fleet's agents once they have seen the catalog.
   */
  float[] vector(float[] unit) {
    if (unit.length != dimension) {
      throw new IllegalArgumentException("vector of " + unit.length + " floats in a pool of " + dimension
          + "-dimensional rows");
    }
    float[] held = vectors.get(new Row(unit, dimension));
    if (held != null) {
      return held;
    }
    float[] row = Arrays.copyOf(unit, stride); // the copy's padding is zeros
    return vectors.intern(new Row(row, dimension), row);
  }

  /** The pool's equal text, or {@code text} itself when the pool is full. */
  String text(String text) {
    return texts.intern(text, text);
  }

  /**
   * A row compared by content, bit for bit, over the vector's {@code dimension} floats (a held row's padding is zeros,
   * so a vector and its padded row are one content). The hash reads 16 of its floats, spread over it: hashing all 256
   * was 2.5% of a fleet's CPU samples, and rows that agree on 16 spread floats yet differ elsewhere are rare enough for
   * {@code equals} to tell apart.
   */
  private static final class Row {
    private static final int HASHED = 16;
    private final float[] values;
    private final int dimension;
    private final int hash;

    Row(float[] values, int dimension) {
      this.values = values;
      this.dimension = dimension;
      int h = dimension;
      int step = Math.max(1, dimension / HASHED);
      for (int i = 0; i < dimension; i += step) {
        h = 31 * h + Float.floatToIntBits(values[i]);
      }
      this.hash = h;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Row row && hash == row.hash
          && Arrays.equals(values, 0, dimension, row.values, 0, row.dimension);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
