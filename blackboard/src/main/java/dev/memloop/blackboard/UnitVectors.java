package dev.memloop.blackboard;

/** Dot products for subscriptions: a handful per post, so a plain loop. */
final class UnitVectors {

  private UnitVectors() {}

  static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += (double) a[i] * b[i];
    }
    return sum;
  }

  /** {@code v} scaled to unit length, or null for the zero vector. */
  static float[] unit(float[] v) {
    double norm = Math.sqrt(dot(v, v));
    if (norm == 0 || !Double.isFinite(norm)) {
      return null;
    }
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] / norm);
    }
    return out;
  }
}
