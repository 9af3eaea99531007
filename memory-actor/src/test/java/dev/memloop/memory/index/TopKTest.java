package dev.memloop.memory.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TopKTest {

  @Test
  void should_keep_the_best_k_in_order_with_ties_to_the_smaller_key() {
    SplittableRandom random = new SplittableRandom(5);
    TopK top = new TopK();
    for (int trial = 0; trial < 200; trial++) {
      int n = 1 + random.nextInt(60);
      int k = 1 + random.nextInt(20);
      float[] scores = new float[n];
      long[] keys = new long[n];
      for (int i = 0; i < n; i++) {
        scores[i] = random.nextInt(8) / 8f; // many ties on purpose
        keys[i] = random.nextLong(1000);
      }
      top.reset(k);
      for (int i = 0; i < n; i++) {
        top.offer(scores[i], keys[i], i);
      }
      top.finish();
      Integer[] order = new Integer[n];
      Arrays.setAll(order, i -> i);
      Arrays.sort(order, Comparator.<Integer>comparingDouble(i -> -scores[i]).thenComparingLong(i -> keys[i]));
      assertThat(top.size()).isEqualTo(Math.min(n, k));
      for (int i = 0; i < top.size(); i++) {
        assertThat(top.score(i)).isEqualTo(scores[order[i]]);
        assertThat(top.key(i)).isEqualTo(keys[order[i]]);
      }
    }
  }
}
