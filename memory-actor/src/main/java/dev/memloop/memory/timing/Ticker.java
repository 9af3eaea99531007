package dev.memloop.memory.timing;

/**
 * A source of nanosecond time stamps for measuring durations. The system ticker reads
 * {@link System#nanoTime()}; tests substitute a manual one so that recorded timings are known values.
 *
 * <p>Implementations must be thread-safe when shared by a thread-safe memory.
 */
@FunctionalInterface
public interface Ticker {

  /** Nanoseconds from an arbitrary origin; only differences are meaningful. */
  long nanoTime();

  /** {@link System#nanoTime()}. */
  static Ticker system() {
    return System::nanoTime;
  }
}
