package dev.memloop.memory.timing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A wall clock that moves only when told ({@link #set}, {@link #advance}): for a memory in time
 * ({@code WorkingMemoryBuilder.clock}) whose expiry, validity and record times a test or a benchmark controls. UTC;
 * thread-safe (its instant is one volatile reference).
 */
public final class ManualClock extends Clock {

  private volatile Instant now;

  /** A clock at {@code start}. */
  public ManualClock(Instant start) {
    if (start == null) {
      throw new IllegalArgumentException("a manual clock needs a start instant");
    }
    this.now = start;
  }

  /** Moves the clock to {@code instant} (earlier too: a test may go back). */
  public void set(Instant instant) {
    if (instant == null) {
      throw new IllegalArgumentException("instant must not be null");
    }
    now = instant;
  }

  /** Moves the clock on by {@code by} (not negative). */
  public synchronized void advance(Duration by) {
    if (by == null || by.isNegative()) {
      throw new IllegalArgumentException("a clock advances by a duration of zero or more: " + by);
    }
    now = now.plus(by);
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this; // a test's clock: the zone does not move time
  }
}
