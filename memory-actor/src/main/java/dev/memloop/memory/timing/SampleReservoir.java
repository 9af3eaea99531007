package dev.memloop.memory.timing;

import java.util.Arrays;

/**
 * Raw duration samples of one operation kind, in a primitive array that is allocated on first use and
 * grows up to a bound. Past the bound it keeps a uniform random sample (Vitter's algorithm R) with a
 * fixed-seed generator, so the same sequence of durations always retains the same samples. Count, mean
 * and max stay exact over every sample.
 *
 * <p>Not thread-safe: callers that share one synchronize on it.
 */
public final class SampleReservoir {

  /** Default bound: 8,192 samples, 64 KiB once full. */
  public static final int DEFAULT_CAPACITY = 8192;
  private static final int FIRST_ALLOCATION = 16;
  private static final long[] NONE = new long[0];

  private final int capacity;
  private long[] samples = NONE;
  private int retained;
  private long count;
  private long sum;
  private long max;
  private long random = 0x9E3779B97F4A7C15L;

  public SampleReservoir() {
    this(DEFAULT_CAPACITY);
  }

  public SampleReservoir(int capacity) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("reservoir capacity must be > 0: " + capacity);
    }
    this.capacity = capacity;
  }

  /** Records one duration. */
  public void record(long nanos) {
    if (nanos < 0) {
      throw new IllegalArgumentException("duration must be >= 0 ns: " + nanos);
    }
    count++;
    sum += nanos;
    max = Math.max(max, nanos);
    if (retained < capacity) {
      if (retained == samples.length) {
        samples = Arrays.copyOf(samples, Math.min(capacity, Math.max(FIRST_ALLOCATION, retained * 2)));
      }
      samples[retained++] = nanos;
    } else {
      long slot = Math.floorMod(nextRandom(), count); // keep with probability capacity / count
      if (slot < capacity) {
        samples[(int) slot] = nanos;
      }
    }
  }

  public long count() {
    return count;
  }

  /** The retained samples, in recording order where nothing was replaced. */
  public long[] samples() {
    return Arrays.copyOf(samples, retained);
  }

  public OpStats stats() {
    if (count == 0) {
      return OpStats.EMPTY;
    }
    long[] sorted = samples();
    Arrays.sort(sorted);
    return new OpStats(count, retained, NearestRank.percentile(sorted, retained, 0.50),
        NearestRank.percentile(sorted, retained, 0.99), sum / count, max);
  }

  /** Forgets every sample and releases the array. */
  public void clear() {
    samples = NONE;
    retained = 0;
    count = 0;
    sum = 0;
    max = 0;
  }

  private long nextRandom() { // xorshift64*: tiny, fast, and good enough for reservoir slots
    random ^= random >>> 12;
    random ^= random << 25;
    random ^= random >>> 27;
    return random * 0x2545F4914F6CDD1DL;
  }
}
