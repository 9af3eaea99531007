package dev.memloop.runtime.config;

/**
 * Levenshtein distance with a bound, for "did you mean" on config keys. Written here rather than taken from
 * commons-text: the core's whole dependency budget is 35 jars, and this one function was two of them.
 */
final class EditDistance {

  private EditDistance() {}

  /** Insertions, deletions and substitutions from {@code a} to {@code b}, or -1 when more than {@code bound}. */
  static int within(String a, String b, int bound) {
    if (Math.abs(a.length() - b.length()) > bound) {
      return -1;
    }
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      int rowMinimum = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
        rowMinimum = Math.min(rowMinimum, current[j]);
      }
      if (rowMinimum > bound) {
        return -1; // every later row is at least this far
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()] <= bound ? previous[b.length()] : -1;
  }
}
