package dev.memloop.memory.index;

/** Zero-length arrays, shared: an empty array holds nothing, and a million searchers need not own one each. */
final class Empty {

  static final float[] FLOATS = {};
  static final long[] LONGS = {};
  static final int[] INTS = {};
  static final short[] SHORTS = {};

  private Empty() {}
}
