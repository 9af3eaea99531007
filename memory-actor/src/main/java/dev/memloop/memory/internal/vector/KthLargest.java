package dev.memloop.memory.internal.vector;

/** Selection of the k-th largest of a few values, in place and without allocation. */
final class KthLargest {

  private KthLargest() {}

  /**
   * The k-th largest of {@code values[0..n)}, or negative infinity when {@code k > n}. Reorders the array:
   * on return its first k entries are the k largest, descending.
   */
  static float select(float[] values, int n, int k) {
    if (k > n) {
      return Float.NEGATIVE_INFINITY;
    }
    for (int i = 1; i < n; i++) {
      float v = values[i];
      int j = Math.min(i, k) - 1; // the sorted prefix never needs to grow past k
      if (i >= k && v <= values[j]) {
        continue;
      }
      if (i >= k) {
        j--; // values[k - 1] drops out
      }
      while (j >= 0 && values[j] < v) {
        values[j + 1] = values[j];
        j--;
      }
      values[j + 1] = v;
    }
    return values[k - 1];
  }
}
