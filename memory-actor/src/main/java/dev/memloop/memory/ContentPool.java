package dev.memloop.memory;

import dev.memloop.memory.index.PooledIndex;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

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
  private final int maxEntries;
  private final ConcurrentHashMap<Row, float[]> vectors = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, String> texts = new ConcurrentHashMap<>();
  private final AtomicInteger vectorCount = new AtomicInteger();
  private final AtomicInteger textCount = new AtomicInteger();

  private ContentPool(int dimension, int maxEntries) {
    this.dimension = dimension;
    this.stride = PooledIndex.stride(dimension);
    this.maxEntries = maxEntries;
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
    return vectorCount.get();
  }

  /** Distinct texts held. */
  public int texts() {
    return textCount.get();
  }

  /** The pool's row of equal content, or {@code row} itself when the pool is full; {@code row} is not written. */
  float[] vector(float[] row) {
    if (row.length != stride) {
      throw new IllegalArgumentException("row of " + row.length + " floats in a pool of rows of " + stride);
    }
    Row key = new Row(row);
    float[] held = vectors.get(key);
    return held != null ? held : admit(vectors, vectorCount, key, row);
  }

  /** The pool's equal text, or {@code text} itself when the pool is full. */
  String text(String text) {
    String held = texts.get(text);
    return held != null ? held : admit(texts, textCount, text, text);
  }

  /** Puts a new entry in unless the pool is full; concurrent admissions of equal content all get the winner's. */
  private <K, V> V admit(ConcurrentHashMap<K, V> map, AtomicInteger count, K key, V value) {
    if (count.incrementAndGet() > maxEntries) { // reserve a place first, so that racing writers never overshoot
      count.decrementAndGet();
      return value;
    }
    V winner = map.putIfAbsent(key, value);
    if (winner != null) {
      count.decrementAndGet();
      return winner;
    }
    return value;
  }

  /** A row compared by content, bit for bit ({@link Arrays#equals(float[], float[])}). */
  private static final class Row {
    private final float[] values;
    private final int hash;

    Row(float[] values) {
      this.values = values;
      this.hash = Arrays.hashCode(values);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Row row && hash == row.hash && Arrays.equals(values, row.values);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
