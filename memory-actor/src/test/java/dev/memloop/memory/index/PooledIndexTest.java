package dev.memloop.memory.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.workloads.vectors.VectorSets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class PooledIndexTest {

  @Test
  void should_rank_and_score_as_the_flat_index() {
    int dimension = 100; // not a multiple of the padding: rows and queries are padded
    float[][] data = VectorSets.random(11, 300, dimension);
    ExactIndex flat = ExactIndex.flat(dimension);
    PooledIndex pooled = new PooledIndex(dimension, 4, v -> java.util.Arrays.copyOf(v, PooledIndex.stride(dimension)));
    for (int i = 0; i < data.length; i++) {
      flat.add(data[i], i);
      pooled.add(data[i], i);
    }
    pooled.removeAt(7);
    flat.removeAt(7);
    SearchBuffers a = new SearchBuffers();
    SearchBuffers b = new SearchBuffers();
    for (float[] query : VectorSets.random(12, 20, dimension)) {
      flat.search(query, 10, Float.NEGATIVE_INFINITY, null, a);
      pooled.search(query, 10, Float.NEGATIVE_INFINITY, null, b);
      assertThat(b.count()).isEqualTo(10);
      for (int i = 0; i < 10; i++) {
        assertThat(pooled.key(b.ordinal(i))).isEqualTo(flat.key(a.ordinal(i)));
        // the same one-row kernel in the same order; C2 and the interpreter may reduce lanes differently
        assertThat(b.score(i)).isCloseTo(a.score(i), org.assertj.core.data.Offset.offset(1e-6f));
      }
    }
  }

  @Test
  void should_keep_the_row_the_intern_function_returns_and_let_go_of_removed_ones() {
    Map<Integer, float[]> pool = new HashMap<>();
    UnaryOperator<float[]> intern = vector -> pool.computeIfAbsent(java.util.Arrays.hashCode(vector),
        h -> java.util.Arrays.copyOf(vector, PooledIndex.stride(16)));
    PooledIndex first = new PooledIndex(16, 2, intern);
    PooledIndex second = new PooledIndex(16, 2, intern);
    float[] vector = VectorSets.random(13, 1, 16)[0];
    first.add(vector, 1);
    second.add(vector, 1);
    assertThat(pool).hasSize(1);
    assertThat(first.vector(0)).containsExactly(vector).isNotSameAs(pool.values().iterator().next());
    first.add(VectorSets.random(14, 1, 16)[0], 2);
    first.add(VectorSets.random(15, 1, 16)[0], 3); // grows past the expected size
    first.removeAt(0);
    assertThat(first.size()).isEqualTo(2);
    assertThat(first.key(0)).isEqualTo(3);
    assertThatThrownBy(() -> first.vector(2)).isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("ordinal 2 of 2");
  }

  @Test
  void should_name_bad_arguments() {
    assertThatThrownBy(() -> new PooledIndex(0, 4, UnaryOperator.identity()))
        .hasMessage("dimension must be > 0: 0");
    assertThatThrownBy(() -> new PooledIndex(8, 0, UnaryOperator.identity()))
        .hasMessage("expected size must be > 0: 0");
    assertThatThrownBy(() -> new PooledIndex(8, 4, null)).hasMessage("intern function must not be null");
    PooledIndex index = new PooledIndex(8, 4, row -> new float[3]);
    float[] unit = VectorSets.random(16, 1, 8)[0];
    assertThatThrownBy(() -> index.add(unit, 1)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("returned 3 floats");
    assertThat(index.size()).isZero();
    assertThatThrownBy(() -> index.add(new float[8], 1)).hasMessageContaining("must be a unit vector");
  }
}
