package dev.memloop.memory.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.memloop.memory.internal.vector.VectorMath;
import dev.memloop.workloads.vectors.VectorSets;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The compressed index must return what a float scan returns: the same items in the same order with the same
 * scores (to float summation noise), on data where compression helps (random), where it is stressed
 * (clustered) and where bounds overlap everywhere (near-duplicates).
 */
class ExactIndexTest {

  private static final int QUERIES = 60;

  static Stream<Arguments> dataSets() {
    return Stream.of(
        Arguments.of("random", VectorSets.random(1, 1500, 256)),
        Arguments.of("random-odd-dim", VectorSets.random(2, 700, 97)),
        Arguments.of("clustered", VectorSets.clustered(3, 1500, 256, 12, 0.6)),
        Arguments.of("near-duplicates", VectorSets.nearDuplicates(4, 1200, 256, 0.01)),
        Arguments.of("exact-duplicates", duplicated(VectorSets.random(5, 150, 64), 4)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dataSets")
  void should_return_the_float_scans_exact_top_k(String name, float[][] data) {
    assumeTrue(VectorMath.compressedScanPays(), "compressed pass not active on this JVM");
    ExactIndex compressed = ExactIndex.create(data[0].length);
    ExactIndex flat = ExactIndex.flat(data[0].length);
    fill(data, compressed, flat);
    assertThat(compressed.compressed()).isTrue();

    float[][] queries = queries(name.hashCode(), data);
    SearchBuffers a = new SearchBuffers();
    SearchBuffers b = new SearchBuffers();
    for (int k : new int[] {1, 8, 40}) {
      for (float[] query : queries) {
        compressed.search(query, k, Float.NEGATIVE_INFINITY, null, a);
        flat.search(query, k, Float.NEGATIVE_INFINITY, null, b);
        assertSameResults(a, b, name + " k=" + k);
      }
    }
  }

  @Test
  void should_score_far_fewer_rows_than_a_scan_on_random_data() {
    assumeTrue(VectorMath.compressedScanPays(), "compressed pass not active on this JVM");
    float[][] data = VectorSets.random(11, 2000, 256);
    ExactIndex index = ExactIndex.create(256);
    fill(data, index);
    SearchBuffers buffers = new SearchBuffers();
    for (float[] query : queries(12, data)) {
      index.search(query, 8, Float.NEGATIVE_INFINITY, null, buffers);
    }
    double perQuery = (double) buffers.reranked() / buffers.searches();
    assertThat(perQuery).isLessThan(100); // a scan scores 2,000
  }

  @Test
  void should_respect_min_score_and_filters_like_the_scan() {
    assumeTrue(VectorMath.compressedScanPays(), "compressed pass not active on this JVM");
    float[][] data = VectorSets.clustered(21, 1000, 128, 8, 0.5);
    ExactIndex compressed = ExactIndex.create(128);
    ExactIndex flat = ExactIndex.flat(128);
    fill(data, compressed, flat);
    IntPredicate everyThird = ordinal -> ordinal % 3 == 0;
    SearchBuffers a = new SearchBuffers();
    SearchBuffers b = new SearchBuffers();
    for (float[] query : queries(22, data)) {
      for (float minScore : new float[] {-1f, 0.2f, 0.6f, 0.95f}) {
        compressed.search(query, 5, minScore, everyThird, a);
        flat.search(query, 5, minScore, everyThird, b);
        assertSameResults(a, b, "minScore " + minScore);
        for (int i = 0; i < a.count(); i++) {
          assertThat(a.ordinal(i) % 3).isZero();
          assertThat(a.score(i)).isGreaterThanOrEqualTo(minScore);
        }
      }
    }
  }

  @Test
  void should_stay_exact_after_removals_move_rows() {
    float[][] data = VectorSets.random(31, 900, 64);
    ExactIndex compressed = ExactIndex.create(64);
    ExactIndex flat = ExactIndex.flat(64);
    fill(data, compressed, flat);
    SplittableRandom random = new SplittableRandom(32);
    for (int i = 0; i < 500; i++) {
      int ordinal = random.nextInt(compressed.size());
      compressed.removeAt(ordinal);
      flat.removeAt(ordinal);
    }
    assertThat(compressed.size()).isEqualTo(400);
    SearchBuffers a = new SearchBuffers();
    SearchBuffers b = new SearchBuffers();
    for (float[] query : queries(33, data)) {
      compressed.search(query, 10, Float.NEGATIVE_INFINITY, null, a);
      flat.search(query, 10, Float.NEGATIVE_INFINITY, null, b);
      assertSameResults(a, b, "after removals");
    }
  }

  @Test
  void should_break_ties_by_smaller_key() {
    ExactIndex index = ExactIndex.create(8);
    float[] v = VectorSets.unit(new float[] {1, 2, 3, 4, 5, 6, 7, 8});
    index.add(v, 30);
    index.add(v, 10);
    index.add(v, 20);
    SearchBuffers buffers = new SearchBuffers();
    index.search(v, 3, -1f, null, buffers);
    assertThat(new long[] {index.key(buffers.ordinal(0)), index.key(buffers.ordinal(1)),
        index.key(buffers.ordinal(2))}).containsExactly(10, 20, 30);
  }

  @Test
  void should_reject_a_vector_that_is_not_unit_length() {
    ExactIndex index = ExactIndex.flat(4);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> index.add(new float[] {1, 1, 0, 0}, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unit vector")
        .hasMessageContaining("2.0");
    assertThat(index.size()).isZero();
  }

  /**
   * Same items in the same order, and the same scores to within float summation-order noise. Items whose
   * scores lie within that noise of each other may trade places, and of the last kept score.
   */
  static void assertSameResults(SearchBuffers actual, SearchBuffers expected, String what) {
    float noise = 1e-5f;
    assertThat(actual.count()).as(what + " count").isEqualTo(expected.count());
    int n = expected.count();
    for (int i = 0; i < n; i++) {
      assertThat(actual.score(i)).as(what + " score " + i)
          .isCloseTo(expected.score(i), org.assertj.core.data.Offset.offset(noise));
      boolean clearOfNeighbours = (i == 0 || expected.score(i - 1) - expected.score(i) > 2 * noise)
          && (i == n - 1 || expected.score(i) - expected.score(i + 1) > 2 * noise);
      if (clearOfNeighbours) {
        assertThat(actual.ordinal(i)).as(what + " ordinal " + i).isEqualTo(expected.ordinal(i));
      }
    }
  }

  static void fill(float[][] data, VectorIndex... indexes) {
    for (int i = 0; i < data.length; i++) {
      for (VectorIndex index : indexes) {
        index.add(data[i], i);
      }
    }
  }

  /** Half the queries are stored vectors slightly moved (the guard's case), half fresh directions. */
  static float[][] queries(long seed, float[][] data) {
    SplittableRandom random = new SplittableRandom(seed);
    float[][] queries = new float[QUERIES][];
    int dimension = data[0].length;
    for (int q = 0; q < QUERIES; q++) {
      if (q % 2 == 0) {
        queries[q] = VectorSets.gaussian(random, dimension);
      } else {
        float[] base = data[random.nextInt(data.length)];
        float[] moved = new float[dimension];
        for (int d = 0; d < dimension; d++) {
          moved[d] = (float) (base[d] + 0.05 * random.nextGaussian() / Math.sqrt(dimension));
        }
        queries[q] = VectorSets.unit(moved);
      }
    }
    return queries;
  }

  private static float[][] duplicated(float[][] data, int copies) {
    float[][] out = new float[data.length * copies][];
    for (int i = 0; i < out.length; i++) {
      out[i] = data[i % data.length];
    }
    return out;
  }
}
