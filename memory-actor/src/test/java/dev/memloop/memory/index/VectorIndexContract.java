package dev.memloop.memory.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.workloads.vectors.VectorSets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What every {@link VectorIndex} must do. Implementations subclass this with {@link #newIndex(int)};
 * it ships in memory-actor's test jar so that indexes elsewhere can run it too.
 */
public abstract class VectorIndexContract {

  protected abstract VectorIndex newIndex(int dimension);

  @Test
  void should_find_a_stored_vector_first_with_score_one() {
    VectorIndex index = newIndex(32);
    float[][] data = VectorSets.random(1, 50, 32);
    for (int i = 0; i < data.length; i++) {
      assertThat(index.add(data[i], 100 + i)).isEqualTo(i);
    }
    SearchBuffers buffers = new SearchBuffers();
    index.search(data[17], 3, Float.NEGATIVE_INFINITY, null, buffers);
    assertThat(buffers.count()).isEqualTo(3);
    assertThat(index.key(buffers.ordinal(0))).isEqualTo(117);
    assertThat(buffers.score(0)).isCloseTo(1f, org.assertj.core.data.Offset.offset(1e-5f));
    assertThat(buffers.score(0)).isGreaterThanOrEqualTo(buffers.score(1));
    assertThat(buffers.score(1)).isGreaterThanOrEqualTo(buffers.score(2));
  }

  @Test
  void should_return_at_most_size_results() {
    VectorIndex index = newIndex(8);
    SearchBuffers buffers = new SearchBuffers();
    index.search(VectorSets.random(2, 1, 8)[0], 5, Float.NEGATIVE_INFINITY, null, buffers);
    assertThat(buffers.count()).isZero();
    index.add(VectorSets.random(3, 1, 8)[0], 1);
    index.search(VectorSets.random(2, 1, 8)[0], 5, Float.NEGATIVE_INFINITY, null, buffers);
    assertThat(buffers.count()).isEqualTo(1);
  }

  @Test
  void should_move_the_last_entry_into_a_removed_ordinal() {
    VectorIndex index = newIndex(16);
    float[][] data = VectorSets.random(4, 5, 16);
    for (int i = 0; i < 5; i++) {
      index.add(data[i], i);
    }
    index.removeAt(1);
    assertThat(index.size()).isEqualTo(4);
    assertThat(index.key(1)).isEqualTo(4);
    assertThat(index.vector(1)).containsExactly(data[4]);
    SearchBuffers buffers = new SearchBuffers();
    index.search(data[1], 4, Float.NEGATIVE_INFINITY, null, buffers);
    Set<Long> keys = new HashSet<>();
    for (int i = 0; i < buffers.count(); i++) {
      keys.add(index.key(buffers.ordinal(i)));
    }
    assertThat(keys).containsExactlyInAnyOrder(0L, 2L, 3L, 4L);
  }

  @Test
  void should_filter_by_ordinal_and_min_score() {
    VectorIndex index = newIndex(16);
    float[][] data = VectorSets.random(5, 40, 16);
    for (int i = 0; i < data.length; i++) {
      index.add(data[i], i);
    }
    SearchBuffers buffers = new SearchBuffers();
    index.search(data[10], 40, 0.0f, ordinal -> ordinal % 2 == 0, buffers);
    for (int i = 0; i < buffers.count(); i++) {
      assertThat(buffers.ordinal(i) % 2).isZero();
      assertThat(buffers.score(i)).isGreaterThanOrEqualTo(0.0f);
    }
    assertThat(index.key(buffers.ordinal(0))).isEqualTo(10);
  }

  @Test
  void should_forget_everything_on_clear() {
    VectorIndex index = newIndex(8);
    index.add(VectorSets.random(6, 1, 8)[0], 1);
    index.clear();
    assertThat(index.size()).isZero();
    SearchBuffers buffers = new SearchBuffers();
    index.search(VectorSets.random(7, 1, 8)[0], 1, Float.NEGATIVE_INFINITY, null, buffers);
    assertThat(buffers.count()).isZero();
  }

  @Test
  void should_reject_bad_k_and_dimension() {
    VectorIndex index = newIndex(8);
    SearchBuffers buffers = new SearchBuffers();
    assertThatThrownBy(() -> index.search(VectorSets.random(8, 1, 8)[0], 0, 0f, null, buffers))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("k must be > 0: 0");
    assertThatThrownBy(() -> index.add(VectorSets.random(8, 1, 9)[0], 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("9 != 8");
    assertThatThrownBy(() -> index.removeAt(0)).isInstanceOf(IndexOutOfBoundsException.class);
  }
}
