package dev.memloop.memory.internal.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Panama kernels against the scalar reference, on seeded vectors of odd dimensions. */
class VectorMathEquivalenceTest {

  private static VectorMathSupport panama;
  private static final VectorMathSupport SCALAR = ScalarVectorMath.INSTANCE;

  @BeforeAll
  static void loadPanama() {
    assumeTrue(VectorMathProvider.vectorModulePresent(), "jdk.incubator.vector is not enabled");
    panama = VectorMathProvider.select("panama", true);
    assumeTrue(panama.name().equals("panama"), "Panama kernels did not load");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 7, 127, 1021})
  void should_agree_on_dot_products(int dimension) {
    SplittableRandom random = new SplittableRandom(dimension);
    float[] query = gaussian(random, dimension);
    int rows = 11;
    float[] data = gaussian(random, 3 + rows * (dimension + 2));
    float[] expected = new float[rows];
    float[] actual = new float[rows];
    SCALAR.dotRows(query, data, 3, dimension + 2, dimension, rows, expected);
    panama.dotRows(query, data, 3, dimension + 2, dimension, rows, actual);
    for (int r = 0; r < rows; r++) {
      float[] row = java.util.Arrays.copyOfRange(data, 3 + r * (dimension + 2), 3 + r * (dimension + 2) + dimension);
      double scale = Math.sqrt(dot(query, query) * dot(row, row));
      assertThat(actual[r]).as("row " + r).isCloseTo(expected[r], within((float) (1e-5 * scale + 1e-6)));
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 7, 127, 1021})
  void should_score_a_row_the_same_in_any_batch(int dimension) {
    SplittableRandom random = new SplittableRandom(31L * dimension);
    float[] query = gaussian(random, dimension);
    int rows = 9;
    float[] data = gaussian(random, rows * dimension);
    for (VectorMathSupport kernels : new VectorMathSupport[] {panama, SCALAR}) {
      float[] all = new float[rows];
      kernels.dotRows(query, data, 0, dimension, dimension, rows, all);
      int[] picked = {8, 3, 0, 5, 7, 1};
      float[] selected = new float[picked.length];
      kernels.dotSelected(query, data, dimension, dimension, picked, picked.length, selected);
      float[] alone = new float[1];
      for (int i = 0; i < picked.length; i++) {
        kernels.dotRows(query, data, picked[i] * dimension, dimension, dimension, 1, alone);
        // equal up to the order C2 may choose for the final lane sum: a few roundings of partial sums,
        // each at most the sum of the absolute products
        double absolute = 0;
        for (int d = 0; d < dimension; d++) {
          absolute += Math.abs((double) query[d] * data[picked[i] * dimension + d]);
        }
        float ulps = (float) (1e-6 * absolute);
        assertThat(selected[i]).as(kernels.name() + " selected " + picked[i]).isCloseTo(all[picked[i]], within(ulps));
        assertThat(alone[0]).as(kernels.name() + " alone " + picked[i]).isCloseTo(all[picked[i]], within(ulps));
        // the same tolerance: on JDK 25 a dotRow compiled apart from dotRows once summed its lanes in another
        // order (11.253363 against 11.253364 at dimension 127)
        assertThat(kernels.dotRow(query, data, picked[i] * dimension, dimension))
            .as(kernels.name() + " dotRow " + picked[i]).isCloseTo(alone[0], within(ulps));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 7, 127, 1021})
  void should_compute_exact_int16_dots_and_identical_bounds(int dimension) {
    int stride = paddedFor(panama, dimension);
    SplittableRandom random = new SplittableRandom(7L * dimension);
    int rows = 12;
    short[] codes = new short[rows * stride];
    float[] invScale = new float[rows];
    float[] residual = new float[rows];
    float[] stats = new float[3];
    for (int r = 0; r < rows; r++) {
      float[] v = padded(unit(gaussian(random, dimension)), stride);
      panama.quantizeInt16(v, 0, stride, codes, r * stride, stats, new float[2048]);
      invScale[r] = stats[0];
      residual[r] = stats[1];
    }
    short[] query = new short[stride];
    panama.quantizeInt16(padded(unit(gaussian(random, dimension)), stride), 0, stride, query, 0, stats, new float[2048]);

    int[] expected = new int[rows];
    int[] actual = new int[rows];
    SCALAR.int16Dots(query, codes, stride, rows, expected);
    panama.int16Dots(query, codes, stride, rows, actual);
    assertThat(actual).containsExactly(expected);

    float[] upperScalar = new float[rows];
    float[] upperPanama = new float[rows];
    float[] laneScalar = new float[2];
    float[] lanePanama = new float[2 * panama.floatLanes()];
    SCALAR.int16Bounds(expected, invScale, residual, rows - 1, stats[0], stats[2], 1e-4f, upperScalar, laneScalar);
    panama.int16Bounds(actual, invScale, residual, rows - 1, stats[0], stats[2], 1e-4f, upperPanama, lanePanama);
    assertThat(upperPanama).containsExactly(upperScalar);
    float[] sortedLanes = lanePanama.clone();
    java.util.Arrays.sort(sortedLanes);
    assertThat(sortedLanes[sortedLanes.length - 1]).isEqualTo(laneScalar[0]);
    assertThat(sortedLanes[sortedLanes.length - 2]).isEqualTo(laneScalar[1]);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 7, 127, 1021})
  void should_select_the_same_candidates(int n) {
    int stride = paddedFor(panama, 64);
    SplittableRandom random = new SplittableRandom(n);
    short[] codes = new short[n * stride];
    float[] invScale = new float[n];
    float[] residual = new float[n];
    float[] stats = new float[3];
    for (int r = 0; r < n; r++) {
      panama.quantizeInt16(padded(unit(gaussian(random, 64)), stride), 0, stride, codes, r * stride, stats, new float[2048]);
      invScale[r] = stats[0];
      residual[r] = stats[1];
    }
    short[] query = new short[stride];
    panama.quantizeInt16(padded(unit(gaussian(random, 64)), stride), 0, stride, query, 0, stats, new float[2048]);
    int[] dots = new int[n];
    panama.int16Dots(query, codes, stride, n, dots);
    for (int k : new int[] {1, 2}) { // the scalar kernel keeps two lower bounds, so k <= 2 compares like for like
      int[] expected = new int[n];
      int[] actual = new int[n];
      float[] upper = new float[n];
      int expectedCount = SCALAR.int16Candidates(dots, invScale, residual, n, stats[0], stats[2], 1e-3f, k, -1f,
          upper, new float[2], expected);
      int actualCount = panama.int16Candidates(dots, invScale, residual, n, stats[0], stats[2], 1e-3f, k, -1f,
          upper, new float[2 * panama.floatLanes()], actual);
      // Panama's bar comes from more lanes, so it is at least as high: its candidates are a subset.
      assertThat(java.util.Arrays.copyOf(expected, expectedCount))
          .contains(java.util.Arrays.copyOf(actual, actualCount));
      assertThat(actualCount).isLessThanOrEqualTo(expectedCount).isPositive();
    }
  }

  private static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += (double) a[i] * b[i];
    }
    return sum;
  }

  static int paddedFor(VectorMathSupport kernels, int dimension) {
    int p = kernels.padding();
    return (dimension + p - 1) / p * p;
  }

  static float[] gaussian(SplittableRandom random, int n) {
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return v;
  }

  static float[] unit(float[] v) {
    double sum = 0;
    for (float x : v) {
      sum += (double) x * x;
    }
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] / Math.sqrt(sum));
    }
    return out;
  }

  static float[] padded(float[] v, int length) {
    return java.util.Arrays.copyOf(v, length);
  }
}
