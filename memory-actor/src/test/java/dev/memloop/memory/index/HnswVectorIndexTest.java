package dev.memloop.memory.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.workloads.vectors.VectorSets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HnswVectorIndexTest {

  @Test
  void should_reach_high_recall_against_the_exact_index() {
    float[][] data = VectorSets.clustered(41, 3000, 64, 30, 0.8);
    HnswVectorIndex hnsw = new HnswVectorIndex(64, HnswVectorIndex.Parameters.DEFAULT);
    ExactIndex exact = ExactIndex.flat(64);
    ExactIndexTest.fill(data, hnsw, exact);
    SearchBuffers a = new SearchBuffers();
    SearchBuffers b = new SearchBuffers();
    int found = 0;
    int wanted = 0;
    for (float[] query : ExactIndexTest.queries(42, data)) {
      hnsw.search(query, 10, Float.NEGATIVE_INFINITY, null, a);
      exact.search(query, 10, Float.NEGATIVE_INFINITY, null, b);
      Set<Long> truth = new HashSet<>();
      for (int i = 0; i < b.count(); i++) {
        truth.add(exact.key(b.ordinal(i)));
      }
      for (int i = 0; i < a.count(); i++) {
        found += truth.contains(hnsw.key(a.ordinal(i))) ? 1 : 0;
      }
      wanted += truth.size();
    }
    assertThat((double) found / wanted).isGreaterThan(0.9);
  }

  @Test
  void should_report_exact_scores_for_what_it_returns() {
    float[][] data = VectorSets.random(43, 200, 32);
    HnswVectorIndex hnsw = new HnswVectorIndex(32, HnswVectorIndex.Parameters.DEFAULT);
    ExactIndexTest.fill(data, hnsw);
    SearchBuffers buffers = new SearchBuffers();
    hnsw.search(data[5], 3, Float.NEGATIVE_INFINITY, null, buffers);
    for (int i = 0; i < buffers.count(); i++) {
      float[] stored = hnsw.vector(buffers.ordinal(i));
      assertThat(buffers.score(i)).isEqualTo(dev.memloop.memory.internal.vector.VectorMath.dot(data[5], stored));
    }
  }

  @Test
  void should_grow_past_its_initial_capacity_and_refuse_duplicate_keys() {
    HnswVectorIndex hnsw = new HnswVectorIndex(8, new HnswVectorIndex.Parameters(4, 20, 10));
    float[][] data = VectorSets.random(44, 1500, 8);
    ExactIndexTest.fill(data, hnsw);
    assertThat(hnsw.size()).isEqualTo(1500);
    assertThatThrownBy(() -> hnsw.add(data[0], 3)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("key already indexed: 3");
  }

  @Test
  void should_keep_adding_and_finding_when_it_removes_as_much_as_it_adds() {
    // a memory at capacity that evicts one item per add: hnswlib keeps removed nodes, so without a rebuild the
    // graph's slots ran out at its limit (1,024) while it held 100 live items
    float[][] data = VectorSets.random(43, 5_000, 16);
    HnswVectorIndex hnsw = new HnswVectorIndex(16, HnswVectorIndex.Parameters.DEFAULT);
    SearchBuffers buffers = new SearchBuffers();
    for (int i = 0; i < data.length; i++) {
      if (hnsw.size() == 100) {
        hnsw.removeAt(0);
      }
      hnsw.add(data[i], i);
    }
    assertThat(hnsw.size()).isEqualTo(100);
    hnsw.search(data[data.length - 1], 1, Float.NEGATIVE_INFINITY, null, buffers);
    assertThat(hnsw.key(buffers.ordinal(0))).as("the newest item is found after the rebuilds").isEqualTo(data.length - 1);
  }

  @Test
  void should_name_bad_parameters() {
    assertThatThrownBy(() -> new HnswVectorIndex.Parameters(1, 10, 10)).hasMessageContaining("m must be >= 2: 1");
    assertThatThrownBy(() -> new HnswVectorIndex.Parameters(8, 0, 10)).hasMessageContaining("efConstruction must be >= 1: 0");
    assertThatThrownBy(() -> new HnswVectorIndex.Parameters(8, 10, -3)).hasMessageContaining("ef must be >= 1: -3");
  }
}
