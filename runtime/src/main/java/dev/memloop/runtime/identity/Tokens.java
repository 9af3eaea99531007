package dev.memloop.runtime.identity;

/**
 * A line's tokens for the standard extractor: runs of non-space, except that a quoted string ({@code "Q3 report"},
 * or {@code 'Q3 report'} where no letter touches the quotes) and a pair's quoted value ({@code note="call back"}) are
 * one token however many spaces they hold. Each token's core is it without the punctuation around it
 * ({@code (order-42):} is {@code order-42}). Not thread-safe: one per line read.
 */
final class Tokens {

  private static final int MAX_QUOTED = 512;
  private static final String OPENERS = "([{<";
  private static final String CLOSERS = ".,;:!?)]}>";

  private final String text;
  private int[] start = new int[8];
  private int[] end = new int[8];
  private int[] coreStart = new int[8];
  private int[] coreEnd = new int[8];
  private boolean[] quoted = new boolean[8];
  private int count;

  Tokens(String text) {
    this.text = text;
    int n = text.length();
    int i = 0;
    while (i < n) {
      while (i < n && Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      if (i == n) {
        break;
      }
      int s = i;
      char c = text.charAt(s);
      int close = c == '"' || (c == '\'' && (s == 0 || !Character.isLetterOrDigit(text.charAt(s - 1))))
          ? closingQuote(s, c) : -1;
      if (close > s + 1) { // a quoted string with something in it
        add(s, close + 1, s + 1, close, true);
        i = close + 1;
        continue;
      }
      while (i < n && !Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      int pairQuote = text.indexOf("=\"", s);
      if (pairQuote >= 0 && pairQuote < i && text.indexOf('"', pairQuote + 2) >= i) { // key="a value with spaces"
        int closePair = closingQuote(pairQuote + 1, '"');
        if (closePair > 0) {
          i = closePair + 1;
        }
      }
      int cs = s;
      int ce = i;
      while (cs < ce && OPENERS.indexOf(text.charAt(cs)) >= 0) {
        cs++;
      }
      while (ce > cs && CLOSERS.indexOf(text.charAt(ce - 1)) >= 0 && text.charAt(ce - 1) != '"') {
        ce--;
      }
      add(s, i, cs, ce, false);
    }
  }

  /** The quote that closes the one at {@code open}: before a newline, within the length limit; -1 when none. */
  private int closingQuote(int open, char quote) {
    int limit = Math.min(text.length(), open + 2 + MAX_QUOTED);
    for (int j = open + 1; j < limit; j++) {
      char c = text.charAt(j);
      if (c == '\n') {
        return -1;
      }
      if (c == quote) {
        boolean free = quote == '"' || j + 1 == text.length() || !Character.isLetterOrDigit(text.charAt(j + 1));
        return free ? j : -1;
      }
    }
    return -1;
  }

  private void add(int s, int e, int cs, int ce, boolean isQuoted) {
    if (count == start.length) {
      int grown = count * 2;
      start = java.util.Arrays.copyOf(start, grown);
      end = java.util.Arrays.copyOf(end, grown);
      coreStart = java.util.Arrays.copyOf(coreStart, grown);
      coreEnd = java.util.Arrays.copyOf(coreEnd, grown);
      quoted = java.util.Arrays.copyOf(quoted, grown);
    }
    start[count] = s;
    end[count] = e;
    coreStart[count] = cs;
    coreEnd[count] = ce;
    quoted[count] = isQuoted;
    count++;
  }

  int count() {
    return count;
  }

  /** The token as written. */
  String raw(int t) {
    return text.substring(start[t], end[t]);
  }

  /** The token without the punctuation around it; a quoted one's text between its quotes. */
  String core(int t) {
    return text.substring(coreStart[t], coreEnd[t]);
  }

  boolean quoted(int t) {
    return quoted[t];
  }

  /**
   * Whether an identifier can start at token {@code t}: it is quoted, it holds a digit or a character identifiers are
   * made of ({@code @ = # $ € £ ¥ :}), or it is a month or a currency code (dates and amounts start with them).
   * Checked before anything is cut out of the line, so that a line of words costs a pass over its characters.
   */
  boolean candidate(int t) {
    if (quoted[t]) {
      return true;
    }
    for (int i = coreStart[t]; i < coreEnd[t]; i++) {
      char c = text.charAt(i);
      if (Character.isDigit(c) || c == '@' || c == '=' || c == '#' || c == ':' || Shapes.isCurrencySymbol(c)) {
        return true;
      }
    }
    int length = coreEnd[t] - coreStart[t];
    return length >= 3 && length <= 9 && Shapes.isMonthOrCurrency(text, coreStart[t], coreEnd[t]);
  }

  /** {@code value} without the quotes around it, if it has them. */
  static String unquote(String value) {
    return value.length() >= 2 && value.charAt(0) == '"' && value.charAt(value.length() - 1) == '"'
        ? value.substring(1, value.length() - 1) : value;
  }
}
