package dev.memloop.workloads.vectors;

import java.util.SplittableRandom;

/**
 * Seeded vector data sets for tests and benchmarks: random, clustered and near-duplicate, all unit length.
 * The same seed always gives the same vectors (a {@link SplittableRandom}, never a shared generator).
 */
public final class VectorSets {

  private VectorSets() {}

  /** Gaussian directions: the hardest case for a compressed pass (no dominant directions). */
  public static float[][] random(long seed, int n, int dimension) {
    SplittableRandom random = new SplittableRandom(seed);
    float[][] out = new float[n][];
    for (int i = 0; i < n; i++) {
      out[i] = gaussian(random, dimension);
    }
    return out;
  }

  /** {@code clusters} centres with members spread around each, as real embeddings cluster by topic. */
  public static float[][] clustered(long seed, int n, int dimension, int clusters, double spread) {
    SplittableRandom random = new SplittableRandom(seed);
    float[][] centres = new float[clusters][];
    for (int c = 0; c < clusters; c++) {
      centres[c] = gaussian(random, dimension);
    }
    float[][] out = new float[n][];
    for (int i = 0; i < n; i++) {
      float[] centre = centres[random.nextInt(clusters)];
      float[] v = new float[dimension];
      for (int d = 0; d < dimension; d++) {
        v[d] = (float) (centre[d] + spread * random.nextGaussian() / Math.sqrt(dimension));
      }
      out[i] = unit(v);
    }
    return out;
  }

  /** Every vector within about {@code jitter} (cosine distance) of one base: near-duplicates everywhere. */
  public static float[][] nearDuplicates(long seed, int n, int dimension, double jitter) {
    SplittableRandom random = new SplittableRandom(seed);
    float[] base = gaussian(random, dimension);
    float[][] out = new float[n][];
    for (int i = 0; i < n; i++) {
      float[] v = new float[dimension];
      for (int d = 0; d < dimension; d++) {
        v[d] = (float) (base[d] + Math.sqrt(2 * jitter) * random.nextGaussian() / Math.sqrt(dimension));
      }
      out[i] = unit(v);
    }
    return out;
  }

  public static float[] gaussian(SplittableRandom random, int dimension) {
    float[] v = new float[dimension];
    for (int d = 0; d < dimension; d++) {
      v[d] = (float) random.nextGaussian();
    }
    return unit(v);
  }

  public static float[] unit(float[] v) {
    double sum = 0;
    for (float x : v) {
      sum += (double) x * x;
    }
    double inverse = 1 / Math.sqrt(sum);
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] * inverse);
    }
    return out;
  }
}
