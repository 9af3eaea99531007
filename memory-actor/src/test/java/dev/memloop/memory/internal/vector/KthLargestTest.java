package dev.memloop.memory.internal.vector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KthLargestTest {

  @Test
  void should_match_a_full_sort_and_leave_the_top_k_first() {
    SplittableRandom random = new SplittableRandom(17);
    for (int trial = 0; trial < 500; trial++) {
      int n = 1 + random.nextInt(40);
      int k = 1 + random.nextInt(n);
      float[] values = new float[n];
      for (int i = 0; i < n; i++) {
        values[i] = trial % 5 == 0 ? random.nextInt(4) : (float) random.nextGaussian(); // ties, sometimes
      }
      float[] sorted = values.clone();
      Arrays.sort(sorted);
      float expected = sorted[n - k];
      assertThat(KthLargest.select(values, n, k)).isEqualTo(expected);
      for (int i = 0; i < k; i++) {
        assertThat(values[i]).isEqualTo(sorted[n - 1 - i]);
      }
    }
  }

  @Test
  void should_answer_negative_infinity_when_k_exceeds_n() {
    assertThat(KthLargest.select(new float[] {1, 2}, 2, 3)).isEqualTo(Float.NEGATIVE_INFINITY);
  }
}
