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
    checkShape(n, dimension);
    SplittableRandom random = new SplittableRandom(seed);
    float[][] out = new float[n][];
    for (int i = 0; i < n; i++) {
      out[i] = gaussian(random, dimension);
    }
    return out;
  }

  /** {@code clusters} centres with members spread around each, as real embeddings cluster by topic. */
  public static float[][] clustered(long seed, int n, int dimension, int clusters, double spread) {
    checkShape(n, dimension);
    if (clusters <= 0) {
      throw new IllegalArgumentException("clusters must be > 0: " + clusters);
    }
    if (!(spread >= 0 && Double.isFinite(spread))) {
      throw new IllegalArgumentException("spread must be finite and >= 0: " + spread);
    }
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
    checkShape(n, dimension);
    if (!(jitter >= 0 && jitter <= 1)) {
      throw new IllegalArgumentException("jitter must be in [0, 1]: " + jitter);
    }
    SplittableRandom random = new SplittableRandom(seed);
    float[] base = gaussian(random, dimension);
    float[][] out = new float[n][];
    for (int i = 0; i < n; i++) {
      out[i] = jittered(base, jitter, random);
    }
    return out;
  }

  /** A unit vector within about {@code jitter} (cosine distance) of the unit vector {@code base}. */
  public static float[] jittered(float[] base, double jitter, SplittableRandom random) {
    float[] v = new float[base.length];
    for (int d = 0; d < base.length; d++) {
      v[d] = (float) (base[d] + Math.sqrt(2 * jitter) * random.nextGaussian() / Math.sqrt(base.length));
    }
    return unit(v);
  }

  public static float[] gaussian(SplittableRandom random, int dimension) {
    float[] v = new float[dimension];
    for (int d = 0; d < dimension; d++) {
      v[d] = (float) random.nextGaussian();
    }
    return unit(v);
  }

  private static void checkShape(int n, int dimension) {
    if (n < 0) {
      throw new IllegalArgumentException("vector count must be >= 0: " + n);
    }
    if (dimension <= 0) {
      throw new IllegalArgumentException("dimension must be > 0: " + dimension);
    }
  }

  /** {@code v} scaled to unit length, as a new array; the zero vector has no direction and is refused. */
  public static float[] unit(float[] v) {
    double sum = 0;
    for (float x : v) {
      sum += (double) x * x;
    }
    if (sum == 0) {
      throw new IllegalArgumentException("the zero vector has no direction");
    }
    double inverse = 1 / Math.sqrt(sum);
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] * inverse);
    }
    return out;
  }
}
