package dev.memloop.bench.benchmarks.store;

import com.github.jelmerk.hnswlib.core.DistanceFunctions;
import com.github.jelmerk.hnswlib.core.Index;
import com.github.jelmerk.hnswlib.core.Item;
import com.github.jelmerk.hnswlib.core.SearchResult;
import com.github.jelmerk.hnswlib.core.bruteforce.BruteForceIndex;
import com.github.jelmerk.hnswlib.core.hnsw.HnswIndex;
import java.util.List;

/** hnswlib-core's brute-force and HNSW indexes, inner-product distance on the same unit vectors. */
final class HnswlibSearch implements SearchCompetitor<List<SearchResult<HnswlibSearch.Node, Float>>> {

  /** An item as hnswlib-core wants it: an id, a vector and its dimension. */
  record Node(Integer id, float[] vector) implements Item<Integer, float[]> {
    @Override
    public int dimensions() {
      return vector.length;
    }
  }

  private final Index<Integer, float[], Node, Float> index;

  private HnswlibSearch(Index<Integer, float[], Node, Float> index, float[][] data) {
    this.index = index;
    for (int i = 0; i < data.length; i++) {
      index.add(new Node(i, data[i]));
    }
  }

  static HnswlibSearch bruteForce(float[][] data) {
    return new HnswlibSearch(BruteForceIndex.<float[], Float>newBuilder(data[0].length,
        DistanceFunctions.FLOAT_INNER_PRODUCT).build(), data);
  }

  static HnswlibSearch hnsw(float[][] data) {
    return new HnswlibSearch(HnswIndex.<float[], Float>newBuilder(data[0].length,
        DistanceFunctions.FLOAT_INNER_PRODUCT, data.length).withM(16).withEfConstruction(200).withEf(64).build(), data);
  }

  @Override
  public List<SearchResult<Node, Float>> search(float[] query, int k) {
    return index.findNearest(query, k);
  }

  @Override
  public int[] indexes(List<SearchResult<Node, Float>> result) {
    return result.stream().mapToInt(r -> r.item().id()).toArray();
  }
}
