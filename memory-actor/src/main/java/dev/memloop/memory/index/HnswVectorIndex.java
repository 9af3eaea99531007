package dev.memloop.memory.index;

import com.github.jelmerk.hnswlib.core.DistanceFunctions;
import com.github.jelmerk.hnswlib.core.Item;
import com.github.jelmerk.hnswlib.core.SearchResult;
import com.github.jelmerk.hnswlib.core.hnsw.HnswIndex;
import dev.memloop.memory.internal.vector.VectorMath;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * Approximate k-NN through an HNSW graph from hnswlib-core, for long-lived memories of 100k+ items where
 * a scan stops being cheap. Graph results are re-scored with the exact kernel, so a returned score is the
 * same number the exact indexes report; only which items are returned is approximate.
 *
 * <p>Filtered searches over-fetch from the graph (doubling up to the whole index) until k accepted items
 * are found, since hnswlib-core has no filtered search.
 *
 * <p>Not thread-safe as a {@link VectorIndex} (the ordinal bookkeeping is unsynchronized).
 */
public final class HnswVectorIndex implements VectorIndex {

  /** Graph parameters; hnswlib's own defaults are m = 10, ef = 10, efConstruction = 200. */
  public record Parameters(int m, int efConstruction, int ef) {
    public static final Parameters DEFAULT = new Parameters(16, 200, 64);

    public Parameters {
      if (m < 2) {
        throw new IllegalArgumentException("hnsw m must be >= 2: " + m);
      }
      if (efConstruction < 1) {
        throw new IllegalArgumentException("hnsw efConstruction must be >= 1: " + efConstruction);
      }
      if (ef < 1) {
        throw new IllegalArgumentException("hnsw ef must be >= 1: " + ef);
      }
    }
  }

  private record Node(Long id, float[] vector) implements Item<Long, float[]> {
    @Override
    public int dimensions() {
      return vector.length;
    }
  }

  private static final int INITIAL_CAPACITY = 1024;

  private final int dimension;
  private final Parameters parameters;
  private HnswIndex<Long, float[], Node, Float> graph;
  private float[][] vectors = new float[0][];
  private long[] keys = new long[0];
  private final Map<Long, Integer> ordinalOfKey = new HashMap<>();
  private int size;
  /**
   * Graph slots taken. hnswlib keeps a removed node in the graph, so its slots only grow: a memory that evicts as
   * it adds would reach the graph's limit with few live items. When the slots run out and half of them are dead,
   * the graph is rebuilt from the live vectors instead of grown.
   */
  private int slots;

  public HnswVectorIndex(int dimension, Parameters parameters) {
    if (dimension <= 0) {
      throw new IllegalArgumentException("dimension must be > 0: " + dimension);
    }
    this.dimension = dimension;
    this.parameters = parameters;
    this.graph = newGraph(INITIAL_CAPACITY);
  }

  private HnswIndex<Long, float[], Node, Float> newGraph(int capacity) {
    return HnswIndex.newBuilder(dimension, DistanceFunctions.FLOAT_INNER_PRODUCT, capacity)
        .withM(parameters.m())
        .withEfConstruction(parameters.efConstruction())
        .withEf(parameters.ef())
        .withRemoveEnabled()
        .build();
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public boolean exact() {
    return false;
  }

  @Override
  public int add(float[] unitVector, long key) {
    if (unitVector.length != dimension) {
      throw new IllegalArgumentException("vector dimension " + unitVector.length + " != " + dimension);
    }
    if (ordinalOfKey.containsKey(key)) {
      throw new IllegalArgumentException("key already indexed: " + key);
    }
    if (slots >= graph.getMaxItemCount()) {
      if (size <= slots / 2) {
        rebuild();
      } else {
        graph.resize(graph.getMaxItemCount() * 2);
      }
    }
    float[] copy = unitVector.clone();
    if (size == keys.length) {
      int capacity = Math.max(16, size * 2);
      vectors = Arrays.copyOf(vectors, capacity);
      keys = Arrays.copyOf(keys, capacity);
    }
    graph.add(new Node(key, copy));
    slots++;
    vectors[size] = copy;
    keys[size] = key;
    ordinalOfKey.put(key, size);
    return size++;
  }

  @Override
  public void removeAt(int ordinal) {
    checkOrdinal(ordinal);
    long key = keys[ordinal];
    graph.remove(key, Long.MAX_VALUE);
    ordinalOfKey.remove(key);
    int last = --size;
    if (ordinal != last) {
      vectors[ordinal] = vectors[last];
      keys[ordinal] = keys[last];
      ordinalOfKey.put(keys[ordinal], ordinal);
    }
    vectors[last] = null;
  }

  /** A graph of the live vectors only, twice their number in capacity. */
  private void rebuild() {
    graph = newGraph(Math.max(INITIAL_CAPACITY, size * 2));
    for (int i = 0; i < size; i++) {
      graph.add(new Node(keys[i], vectors[i]));
    }
    slots = size;
  }

  @Override
  public void clear() {
    graph = newGraph(INITIAL_CAPACITY);
    slots = 0;
    Arrays.fill(vectors, 0, size, null);
    ordinalOfKey.clear();
    size = 0;
  }

  @Override
  public float[] vector(int ordinal) {
    checkOrdinal(ordinal);
    return vectors[ordinal].clone();
  }

  @Override
  public long key(int ordinal) {
    checkOrdinal(ordinal);
    return keys[ordinal];
  }

  @Override
  public void search(float[] unitQuery, int k, float minScore, IntPredicate accept, SearchBuffers into) {
    if (k <= 0) {
      throw new IllegalArgumentException("k must be > 0: " + k);
    }
    if (unitQuery.length != dimension) {
      throw new IllegalArgumentException("query dimension " + unitQuery.length + " != " + dimension);
    }
    into.begin(k);
    int fetch = Math.min(k, size);
    while (fetch > 0) {
      into.top.reset(k);
      List<SearchResult<Node, Float>> found = graph.findNearest(unitQuery, fetch);
      int accepted = 0;
      for (SearchResult<Node, Float> result : found) {
        int ordinal = ordinalOfKey.get(result.item().id());
        if (accept == null || accept.test(ordinal)) {
          accepted++;
          VectorMath.dotRows(unitQuery, vectors[ordinal], 0, dimension, dimension, 1, into.four);
          float score = into.four[0];
          if (score >= minScore) {
            into.top.offer(score, keys[ordinal], ordinal);
          }
        }
      }
      into.countReranked(found.size());
      if (accepted >= k || fetch >= size || accept == null) {
        break;
      }
      fetch = Math.min(size, fetch * 2);
    }
    into.top.finish();
  }

  private void checkOrdinal(int ordinal) {
    if (ordinal < 0 || ordinal >= size) {
      throw new IndexOutOfBoundsException("ordinal " + ordinal + " of " + size);
    }
  }
}
