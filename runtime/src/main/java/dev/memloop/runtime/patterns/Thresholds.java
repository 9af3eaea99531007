package dev.memloop.runtime.patterns;

/** The argument checks every pattern shares, with the value named in the message. */
final class Thresholds {

  private Thresholds() {}

  /**
   * A pattern's threshold on cosine similarity: in [0, 1], the one range of every threshold memloop takes (below 0 a
   * "near-duplicate" or a "support" would be an unrelated line).
   */
  static double similarity(String name, double value) {
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException(name + " must be a similarity in [0, 1]: " + value);
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
