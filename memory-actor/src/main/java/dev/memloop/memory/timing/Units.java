package dev.memloop.memory.timing;

import java.time.Duration;
import java.util.Locale;

/**
 * The one way memloop writes a time (and a size): in tables a number of microseconds or milliseconds whose precision follows its
 * size, in prose a number with its unit, in messages a duration as a config file would spell it. Every table,
 * report and error uses these, so the same figure reads the same everywhere. Stateless, {@link Locale#ROOT}.
 */
public final class Units {

  private Units() {}

  /**
   * Microseconds without the unit, for a table column headed "us": two decimals under 10 us, one under 100 us,
   * whole thousands-grouped numbers above ({@code 3.14}, {@code 42.0}, {@code 1,234}).
   */
  public static String micros(long nanos) {
    double us = nanos / 1e3;
    if (Math.abs(nanos) < 10_000) {
      return String.format(Locale.ROOT, "%.2f", us);
    }
    return String.format(Locale.ROOT, Math.abs(nanos) < 100_000 ? "%.1f" : "%,.0f", us);
  }

  /**
   * A size in bytes with the binary unit that reads best: {@code 512 B}, {@code 1.9 KiB}, {@code 6.0 GiB},
   * {@code 111.8 TiB}; one decimal from KiB on.
   */
  public static String bytes(long bytes) {
    if (Math.abs(bytes) < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double value = bytes / 1024.0;
    int unit = 0;
    while (Math.abs(value) >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }

  /** Microseconds with the unit, for prose and single cells: {@code 3.14 us}. */
  public static String microsWithUnit(long nanos) {
    return micros(nanos) + " us";
  }

  /**
   * A time with the unit that reads best at its size: {@code 0.042 ms} under a millisecond, {@code 12.5 ms} under a
   * second, {@code 1.25 s} above.
   */
  public static String time(long nanos) {
    if (Math.abs(nanos) < 1_000_000) {
      return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }
    return Math.abs(nanos) < 1_000_000_000 ? String.format(Locale.ROOT, "%.1f ms", nanos / 1e6)
        : String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
  }

  /**
   * A duration as a config file or flag spells it, in the largest unit that keeps it whole: {@code 30ms},
   * {@code -5ms}, {@code 2s}, {@code 1500us}, {@code 0s}, {@code 2h}, {@code 400d}. Null is written {@code unlimited}, as the budget spells it.
   */
  public static String config(Duration d) {
    if (d == null) {
      return "unlimited";
    }
    if (d.isZero()) {
      return "0s";
    }
    long nanos;
    try {
      nanos = d.toNanos();
    } catch (ArithmeticException e) {
      return d.getSeconds() + "s"; // beyond 292 years: whole seconds are exact enough
    }
    if (nanos % 86_400_000_000_000L == 0) {
      return nanos / 86_400_000_000_000L + "d"; // a value given in days is echoed in days
    }
    if (nanos % 3_600_000_000_000L == 0) {
      return nanos / 3_600_000_000_000L + "h";
    }
    if (nanos % 1_000_000_000L == 0) {
      return nanos / 1_000_000_000L + "s";
    }
    if (nanos % 1_000_000L == 0) {
      return nanos / 1_000_000L + "ms";
    }
    return nanos % 1_000L == 0 ? nanos / 1_000L + "us" : nanos + "ns";
  }
}
