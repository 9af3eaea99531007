package dev.memloop.memory.timing;

/**
 * Summary of one operation kind's durations in nanoseconds. {@code count}, {@code mean} and {@code max}
 * cover every recorded sample; the percentiles come from the retained samples, which are all of them
 * until the reservoir fills ({@code retained == count}) and a uniform sample after.
 */
public record OpStats(long count, long retained, long p50, long p99, long mean, long max) {

  /** No samples. */
  public static final OpStats EMPTY = new OpStats(0, 0, 0, 0, 0, 0);

  public OpStats {
    if (count < 0 || retained < 0 || retained > count) {
      throw new IllegalArgumentException("inconsistent counts: count " + count + ", retained " + retained);
    }
  }
}
