package dev.memloop.memory.internal.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The write path's scalar norm against the kernels' dot product of a vector with itself, tails included. */
class SquaredNormTest {

  @ParameterizedTest
  @ValueSource(ints = {1, 3, 4, 7, 256, 1021})
  void should_equal_the_kernels_dot_product_of_a_vector_with_itself_within_rounding(int dimension) {
    SplittableRandom random = new SplittableRandom(dimension);
    float[] v = new float[dimension];
    for (int i = 0; i < dimension; i++) {
      v[i] = (float) random.nextGaussian();
    }
    double exact = 0;
    for (float x : v) {
      exact += (double) x * x;
    }
    assertThat((double) VectorMath.squaredNormScalar(v)).isCloseTo(exact, within(exact * 1e-5));
    assertThat(VectorMath.squaredNormScalar(v)).isCloseTo(VectorMath.dot(v, v), within((float) (exact * 1e-5)));
  }
}
