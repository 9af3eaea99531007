package dev.memloop.memory.internal.vector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The two facts exactness rests on, checked on thousands of pairs for every kernel set present: codes
 * never let an int16 lane overflow, and the certified bound always covers the true error.
 */
class Int16QuantizerTest {

  static List<VectorMathSupport> kernels() {
    List<VectorMathSupport> all = new ArrayList<>(List.of(ScalarVectorMath.INSTANCE));
    if (VectorMathProvider.vectorModulePresent()) {
      all.add(VectorMathProvider.select("panama", true));
    }
    return all;
  }

  @Test
  void should_keep_every_residue_class_within_the_int16_limit() {
    for (VectorMathSupport k : kernels()) {
      for (int dimension : new int[] {3, 64, 256, 384, 1021}) {
        int stride = VectorMathEquivalenceTest.paddedFor(k, dimension);
        SplittableRandom random = new SplittableRandom(dimension);
        short[] codes = new short[stride];
        float[] stats = new float[3];
        for (int trial = 0; trial < 200; trial++) {
          float[] v = VectorMathEquivalenceTest.padded(spiky(random, dimension, trial), stride);
          k.quantizeInt16(v, 0, stride, codes, 0, stats, new float[2048]);
          assertThat(Int16Quantizer.classNormsFit(codes, 0, stride, k.int16Lanes()))
              .as(k.name() + " d=" + dimension).isTrue();
        }
      }
    }
  }

  @Test
  void should_bound_the_approximation_error_rigorously() {
    for (VectorMathSupport k : kernels()) {
      int dimension = 256;
      int stride = VectorMathEquivalenceTest.paddedFor(k, dimension);
      SplittableRandom random = new SplittableRandom(99);
      short[] x = new short[stride];
      short[] q = new short[stride];
      float[] xs = new float[3];
      float[] qs = new float[3];
      int[] dot = new int[4];
      double worstUse = 0;
      for (int trial = 0; trial < 5000; trial++) {
        float[] xv = VectorMathEquivalenceTest.padded(spiky(random, dimension, trial), stride);
        float[] qv = VectorMathEquivalenceTest.padded(spiky(random, dimension, trial + 1), stride);
        k.quantizeInt16(xv, 0, stride, x, 0, xs, new float[2048]);
        k.quantizeInt16(qv, 0, stride, q, 0, qs, new float[2048]);
        short[] rows = new short[4 * stride];
        System.arraycopy(x, 0, rows, 0, stride);
        k.int16Dots(q, rows, stride, 4, dot);
        double approx = (double) dot[0] * xs[0] * qs[0];
        double exact = 0;
        for (int i = 0; i < stride; i++) {
          exact += (double) xv[i] * qv[i];
        }
        double bound = (double) qs[2] * xs[1] + (double) qs[1] * 1.0000005;
        assertThat(Math.abs(approx - exact)).as(k.name() + " trial " + trial).isLessThanOrEqualTo(bound);
        worstUse = Math.max(worstUse, Math.abs(approx - exact) / bound);
      }
      assertThat(worstUse).as("the bound is not vacuous").isGreaterThan(0.05);
    }
  }

  @Test
  void should_quantize_the_zero_vector_to_zero_codes_and_zero_error() {
    for (VectorMathSupport k : kernels()) {
      short[] codes = new short[k.padding()];
      java.util.Arrays.fill(codes, (short) 7);
      float[] stats = {1, 1, 1};
      k.quantizeInt16(new float[k.padding()], 0, k.padding(), codes, 0, stats, new float[2048]);
      assertThat(codes).containsOnly((short) 0);
      assertThat(stats).containsExactly(0f, 0f, 0f);
    }
  }

  /** Unit vectors, some with a few dominant coordinates: the case that stresses one residue class. */
  private static float[] spiky(SplittableRandom random, int dimension, int trial) {
    float[] v = VectorMathEquivalenceTest.gaussian(random, dimension);
    if (trial % 3 == 0) {
      v[random.nextInt(dimension)] *= 40;
    }
    return VectorMathEquivalenceTest.unit(v);
  }
}
