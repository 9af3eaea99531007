package dev.memloop.runtime.identity;

/** The wording left once identifiers are taken out: words only, single spaces. */
final class Wording {

  private Wording() {}

  /** Drops tokens with no letter or digit (the ':' of {@code order-42: 10 USD}) and collapses spaces. */
  static String tidy(CharSequence text) {
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    int n = text.length();
    while (i < n) {
      while (i < n && Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      int start = i;
      boolean word = false;
      while (i < n && !Character.isWhitespace(text.charAt(i))) {
        word |= Character.isLetterOrDigit(text.charAt(i));
        i++;
      }
      if (word) {
        if (out.length() > 0) {
          out.append(' ');
        }
        out.append(text, start, i);
      }
    }
    return out.toString();
  }

  /** Runs of white space as one space, trimmed. */
  static String collapse(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }
}
