package dev.memloop.memory;

/**
 * A generated id, {@code prefix + key} ({@code key} in decimal, at least 0), read without making its string: its
 * {@link String#hashCode()} and its equality with a given id. A memory keeps the key of each item, not the id it
 * generated from it (a fleet of a million agents kept twelve million such strings).
 */
final class GeneratedIds {

  private GeneratedIds() {}

  /** {@code (prefix + key).hashCode()}, computed from the prefix's hash and the key's digits. */
  static int hash(String prefix, long key) {
    int hash = prefix.hashCode();
    for (long unit = unitOfFirstDigit(key); unit > 0; unit /= 10) {
      hash = 31 * hash + ('0' + (int) (key / unit % 10));
    }
    return hash;
  }

  /** Whether {@code id} equals {@code prefix + key}. */
  static boolean matches(String id, String prefix, long key) {
    if (!id.startsWith(prefix)) {
      return false;
    }
    int at = prefix.length();
    long unit = unitOfFirstDigit(key);
    if (id.length() - at != digits(unit)) {
      return false;
    }
    for (; unit > 0; unit /= 10, at++) {
      if (id.charAt(at) != '0' + (int) (key / unit % 10)) {
        return false;
      }
    }
    return true;
  }

  /** The place value of the key's first decimal digit: 1 for 0-9, 10 for 10-99, ... */
  private static long unitOfFirstDigit(long key) {
    if (key < 0) {
      throw new IllegalArgumentException("a generated id's key is at least 0: " + key);
    }
    long unit = 1;
    while (unit <= key / 10) {
      unit *= 10;
    }
    return unit;
  }

  private static int digits(long unit) {
    int digits = 1;
    for (long u = unit; u >= 10; u /= 10) {
      digits++;
    }
    return digits;
  }
}
