package dev.memloop.workloads.vectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class VectorSetsTest {

  @Test
  void should_give_the_same_unit_vectors_for_the_same_seed() {
    float[][] a = VectorSets.random(5, 20, 33);
    float[][] b = VectorSets.random(5, 20, 33);
    float[][] c = VectorSets.random(6, 20, 33);
    for (int i = 0; i < a.length; i++) {
      assertArrayEquals(a[i], b[i]);
      assertEquals(1.0, norm(a[i]), 1e-6);
    }
    assertFalse(Arrays.equals(a[0], c[0]));
  }

  @Test
  void should_make_near_duplicates_close_and_clusters_tighter_than_random() {
    float[][] near = VectorSets.nearDuplicates(1, 50, 128, 0.01);
    assertTrue(dot(near[0], near[1]) > 0.97);
    float[][] clustered = VectorSets.clustered(2, 200, 128, 2, 0.3);
    double best = 0;
    for (int i = 1; i < clustered.length; i++) {
      best = Math.max(best, dot(clustered[0], clustered[i]));
    }
    assertTrue(best > 0.9, "some member shares the first one's cluster: " + best);
  }

  @Test
  void should_name_bad_arguments() {
    assertEquals("dimension must be > 0: 0",
        assertThrows(IllegalArgumentException.class, () -> VectorSets.random(1, 3, 0)).getMessage());
    assertEquals("vector count must be >= 0: -1",
        assertThrows(IllegalArgumentException.class, () -> VectorSets.random(1, -1, 4)).getMessage());
    assertEquals("clusters must be > 0: 0",
        assertThrows(IllegalArgumentException.class, () -> VectorSets.clustered(1, 3, 4, 0, 0.5)).getMessage());
    assertEquals("spread must be finite and >= 0: NaN",
        assertThrows(IllegalArgumentException.class, () -> VectorSets.clustered(1, 3, 4, 2, Double.NaN)).getMessage());
    assertEquals("jitter must be in [0, 1]: 2.0",
        assertThrows(IllegalArgumentException.class, () -> VectorSets.nearDuplicates(1, 3, 4, 2)).getMessage());
    assertEquals("the zero vector has no direction",
        assertThrows(IllegalArgumentException.class, () -> VectorSets.unit(new float[3])).getMessage());
  }

  private static double dot(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += (double) a[i] * b[i];
    }
    return s;
  }

  private static double norm(float[] a) {
    return Math.sqrt(dot(a, a));
  }
}
