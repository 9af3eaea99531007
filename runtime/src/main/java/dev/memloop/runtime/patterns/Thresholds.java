package dev.memloop.runtime.patterns;

/** The argument checks every pattern shares, with the value named in the message. */
final class Thresholds {

  private Thresholds() {}

  static double similarity(String name, double value) {
    if (!(value >= -1 && value <= 1)) {
      throw new IllegalArgumentException(name + " must be a similarity in [-1, 1]: " + value);
    }
    return value;
  }

  static String text(String name, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be null or blank: "
          + (value == null ? "null" : "'" + value + "'"));
    }
    return value;
  }
}
