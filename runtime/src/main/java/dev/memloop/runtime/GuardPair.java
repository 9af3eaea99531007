package dev.memloop.runtime;

/**
 * Two action lines and whether they are the same act on the same thing: what {@link GuardCalibration} fits a
 * threshold to. Immutable.
 *
 * @param a the first line
 * @param b the second line
 * @param same true when {@code b} is a rewording of {@code a}'s act (a repeat the guard must block), false when it is
 *     another act (another id, amount, date, host or verb: work the guard must let through)
 */
public record GuardPair(String a, String b, boolean same) {

  public GuardPair {
    if (a == null || a.isBlank() || b == null || b.isBlank()) {
      throw new IllegalArgumentException("a guard pair needs two non-blank lines: " + a + ", " + b);
    }
  }
}
