package dev.memloop.memory.index;

import java.util.Arrays;

/**
 * The best {@code k} of a stream of (score, key, ordinal) triples: a binary heap with the worst kept entry
 * at the root, so a candidate that does not beat it costs one comparison. Higher scores are better; equal
 * scores go to the smaller key. After {@link #finish()} entries are ordered best first.
 *
 * <p>Not thread-safe; reused across searches without allocating once grown.
 */
final class TopK {

  // one shared empty array of each kind until the first search: a fleet holds a million of these
  private float[] scores = Empty.FLOATS;
  private long[] keys = Empty.LONGS;
  private int[] ordinals = Empty.INTS;
  private int k;
  private int size;

  void reset(int k) {
    if (k > scores.length) {
      scores = new float[k];
      keys = new long[k];
      ordinals = new int[k];
    }
    this.k = k;
    this.size = 0;
  }

  int size() {
    return size;
  }

  boolean full() {
    return size == k;
  }

  /** The score a newcomer must reach to enter (negative infinity while not full). */
  float threshold() {
    return size == k ? scores[0] : Float.NEGATIVE_INFINITY;
  }

  void offer(float score, long key, int ordinal) {
    if (size < k) {
      int i = size++;
      set(i, score, key, ordinal);
      siftUp(i);
    } else if (better(score, key, scores[0], keys[0])) {
      set(0, score, key, ordinal);
      siftDown(0, size);
    }
  }

  /** Orders the kept entries best first (heap sort: the worst goes to the back, one at a time). */
  void finish() {
    for (int end = size - 1; end > 0; end--) {
      swap(0, end);
      siftDown(0, end);
    }
  }

  float score(int i) {
    return scores[i];
  }

  long key(int i) {
    return keys[i];
  }

  int ordinal(int i) {
    return ordinals[i];
  }

  private static boolean better(float score, long key, float otherScore, long otherKey) {
    return score > otherScore || (score == otherScore && key < otherKey);
  }

  private boolean worse(int i, int j) {
    return better(scores[j], keys[j], scores[i], keys[i]);
  }

  private void siftUp(int i) {
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!worse(i, parent)) {
        return;
      }
      swap(i, parent);
      i = parent;
    }
  }

  private void siftDown(int i, int n) {
    while (true) {
      int left = 2 * i + 1;
      if (left >= n) {
        return;
      }
      int worst = left + 1 < n && worse(left + 1, left) ? left + 1 : left;
      if (!worse(worst, i)) {
        return;
      }
      swap(i, worst);
      i = worst;
    }
  }

  private void set(int i, float score, long key, int ordinal) {
    scores[i] = score;
    keys[i] = key;
    ordinals[i] = ordinal;
  }

  private void swap(int i, int j) {
    float s = scores[i];
    scores[i] = scores[j];
    scores[j] = s;
    long key = keys[i];
    keys[i] = keys[j];
    keys[j] = key;
    int o = ordinals[i];
    ordinals[i] = ordinals[j];
    ordinals[j] = o;
  }

  @Override
  public String toString() {
    return "TopK" + Arrays.toString(Arrays.copyOf(scores, size));
  }
}
