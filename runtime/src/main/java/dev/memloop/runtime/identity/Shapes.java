package dev.memloop.runtime.identity;

import java.util.Locale;
import java.util.Set;

/**
 * The shapes of the standard extractor's identifiers, each a loop over a token's characters (no regular expression:
 * the guard reads every action line). {@link #identifier} tries them in the order that lets the longer reading win:
 * a URL before the host in it, a date before its numbers, an address before a version, a version before a host.
 *
 * <p>Over 300 lines for one reason: the shapes are one ordered family, each a short scanner, and their order is the
 * rule; one file shows it.
 */
final class Shapes {

  private static final Set<String> MONTHS = Set.of("jan", "january", "feb", "february", "mar", "march", "apr",
      "april", "may", "jun", "june", "jul", "july", "aug", "august", "sep", "sept", "september", "oct", "october",
      "nov", "november", "dec", "december");
  private static final Set<String> CODES = Set.of("usd", "eur", "gbp", "jpy", "chf", "cad", "aud");
  private static final Set<String> CURRENCY_WORDS = Set.of("usd", "eur", "gbp", "jpy", "chf", "cad", "aud", "dollar",
      "dollars", "euro", "euros", "pound", "pounds", "bucks");

  private Shapes() {}

  /** The canonical identifier a token is on its own, or null when it is a word. */
  static String identifier(String s) {
    if (s.isEmpty()) {
      return null;
    }
    String lower = s.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("ftp://")) {
      return Canonical.url(s);
    }
    if (isEmail(lower)) {
      return lower;
    }
    char first = s.charAt(0);
    if (isCurrencySymbol(first)) {
      return symbolAmount(s);
    }
    String suffixed = codeAmount(lower);
    if (suffixed != null) {
      return suffixed;
    }
    if (first == '#') {
      String rest = s.substring(1);
      return isDigits(rest) ? Canonical.number(rest) : isId(rest.toLowerCase(Locale.ROOT)) ? Canonical.id(rest) : null;
    }
    String date = isoDate(s);
    if (date != null) {
      return date;
    }
    String time = clock(lower);
    if (time != null) {
      return time;
    }
    if (isIp(s)) {
      return s;
    }
    if (isVersion(lower)) {
      return Canonical.version(s);
    }
    if (isHost(lower)) {
      return lower;
    }
    if (isId(lower)) {
      return Canonical.id(s);
    }
    return isNumber(s) ? Canonical.number(s) : null;
  }

  /** {@code $100}, {@code €1,200.50}, {@code $1.5k}; null when no number follows the symbol. */
  private static String symbolAmount(String s) {
    int end = s.length();
    String multiplier = null;
    char last = Character.toLowerCase(s.charAt(end - 1));
    if ((last == 'k' || last == 'm') && end > 2) {
      multiplier = String.valueOf(last);
      end--;
    }
    String digits = s.substring(1, end);
    return isNumber(digits) ? Canonical.amount(digits, multiplier, Canonical.currencyOfSymbol(s.charAt(0))) : null;
  }

  /** {@code 100usd}, {@code 20EUR}: a number with a currency code written onto it; null otherwise. */
  private static String codeAmount(String lower) {
    if (lower.length() < 4 || !CODES.contains(lower.substring(lower.length() - 3))) {
      return null;
    }
    String digits = lower.substring(0, lower.length() - 3);
    return isNumber(digits) ? Canonical.amount(digits, null, lower.substring(lower.length() - 3)
        .toUpperCase(Locale.ROOT)) : null;
  }

  /** {@code 2026-03-04} or {@code 2026/3/4} as ISO; null for another shape. */
  private static String isoDate(String s) {
    int a = s.indexOf('-') == 4 ? '-' : s.indexOf('/') == 4 ? '/' : 0;
    if (a == 0 || !isDigits(s.substring(0, 4))) {
      return null;
    }
    String[] parts = s.split(a == '-' ? "-" : "/", -1);
    if (parts.length != 3 || parts[1].isEmpty() || parts[1].length() > 2 || parts[2].isEmpty() || parts[2].length() > 2
        || !isDigits(parts[1]) || !isDigits(parts[2])) {
      return null;
    }
    return Canonical.date(parts[0], Integer.parseInt(parts[1]), parts[2], s);
  }

  /** {@code 14:30}, {@code 2:30pm}, {@code 9:15:30}, {@code 2pm}, {@code 11am} as 24-hour time; null otherwise. */
  private static String clock(String lower) {
    String body = lower;
    String meridiem = null;
    if (body.endsWith("am") || body.endsWith("pm")) {
      meridiem = body.substring(body.length() - 2, body.length() - 1);
      body = body.substring(0, body.length() - 2);
    }
    if (isClock(body)) {
      String[] hms = body.split(":");
      return Canonical.time(hms[0], hms[1], hms.length > 2 ? hms[2] : null, meridiem, lower);
    }
    if (meridiem != null && isHour(body)) {
      return Canonical.time(body, "00", null, meridiem, lower);
    }
    return null;
  }

  /** {@code h:mm} or {@code h:mm:ss}. */
  static boolean isClock(String s) {
    String[] parts = s.split(":", -1);
    if (parts.length < 2 || parts.length > 3 || parts[0].isEmpty() || parts[0].length() > 2 || !isDigits(parts[0])) {
      return false;
    }
    for (int i = 1; i < parts.length; i++) {
      if (parts[i].length() != 2 || !isDigits(parts[i])) {
        return false;
      }
    }
    return true;
  }

  static boolean isHour(String s) {
    return !s.isEmpty() && s.length() <= 2 && isDigits(s);
  }

  /** {@code am}, {@code pm}, {@code a.m}, {@code p.m} (a token's trailing dot is punctuation, cut already). */
  static boolean isMeridiem(String s) {
    String lower = s.toLowerCase(Locale.ROOT);
    return lower.equals("am") || lower.equals("pm") || lower.equals("a.m") || lower.equals("p.m");
  }

  /** A day of the month, {@code 4} or {@code 4th}: its digits; null otherwise. */
  static String day(String s) {
    String digits = s;
    String lower = s.toLowerCase(Locale.ROOT);
    if (lower.endsWith("st") || lower.endsWith("nd") || lower.endsWith("rd") || lower.endsWith("th")) {
      digits = s.substring(0, s.length() - 2);
    }
    return !digits.isEmpty() && digits.length() <= 2 && isDigits(digits) ? digits : null;
  }

  static boolean isMonth(String s) {
    return MONTHS.contains(s.toLowerCase(Locale.ROOT));
  }

  static boolean isYear(String s) {
    return s.length() == 4 && isDigits(s);
  }

  static boolean isCurrencyWord(String s) {
    return CURRENCY_WORDS.contains(s.toLowerCase(Locale.ROOT));
  }

  static boolean isCurrencyCode(String lower) {
    return CODES.contains(lower);
  }

  static boolean isCurrencySymbol(char c) {
    return c == '$' || c == '€' || c == '£' || c == '¥';
  }

  /** Months and currency codes by length, for {@link #isMonthOrCurrency}. */
  private static final String[][] STARTERS_BY_LENGTH = new String[10][];

  static {
    java.util.Map<Integer, java.util.List<String>> byLength = new java.util.HashMap<>();
    for (String word : MONTHS) {
      byLength.computeIfAbsent(word.length(), k -> new java.util.ArrayList<>()).add(word);
    }
    for (String word : CODES) {
      byLength.computeIfAbsent(word.length(), k -> new java.util.ArrayList<>()).add(word);
    }
    for (int length = 0; length < STARTERS_BY_LENGTH.length; length++) {
      STARTERS_BY_LENGTH[length] = byLength.getOrDefault(length, java.util.List.of()).toArray(String[]::new);
    }
  }

  /**
   * Whether {@code text[from, to)}, a word of 3 to 9 letters, is a month or a currency code (case aside): compared in
   * place, since it is asked of every word of every action line.
   */
  static boolean isMonthOrCurrency(String text, int from, int to) {
    int length = to - from;
    if (length >= STARTERS_BY_LENGTH.length) {
      return false;
    }
    for (String word : STARTERS_BY_LENGTH[length]) {
      if (text.regionMatches(true, from, word, 0, length)) {
        return true;
      }
    }
    return false;
  }

  /** {@code 42}, {@code 1,200}, {@code 0.50}: a digit first, digits and commas, one optional decimal part. */
  static boolean isNumber(String s) {
    int n = s.length();
    if (n == 0 || !Character.isDigit(s.charAt(0))) {
      return false;
    }
    int i = 1;
    while (i < n && (Character.isDigit(s.charAt(i)) || s.charAt(i) == ',')) {
      i++;
    }
    if (i < n && s.charAt(i) == '.') {
      int decimals = ++i;
      while (i < n && Character.isDigit(s.charAt(i))) {
        i++;
      }
      return i == n && i > decimals && s.charAt(decimals - 2) != ',';
    }
    return i == n && s.charAt(n - 1) != ',';
  }

  private static boolean isDigits(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isDigit(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** {@code local@domain.tld}: the local part of letters, digits and {@code ._%+-}, a domain of dotted labels. */
  private static boolean isEmail(String lower) {
    int at = lower.indexOf('@');
    if (at <= 0 || at != lower.lastIndexOf('@')) {
      return false;
    }
    for (int i = 0; i < at; i++) {
      char c = lower.charAt(i);
      if (!(isAlnum(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-')) {
        return false;
      }
    }
    String domain = lower.substring(at + 1);
    if (domain.indexOf('.') < 0 || domain.startsWith(".") || domain.endsWith(".") || domain.contains("..")) {
      return false;
    }
    for (int i = 0; i < domain.length(); i++) {
      char c = domain.charAt(i);
      if (!(isAlnum(c) || c == '-' || c == '.')) {
        return false;
      }
    }
    return true;
  }

  /** Four dot-separated groups of one to three digits. */
  private static boolean isIp(String s) {
    String[] parts = s.split("\\.", -1);
    if (parts.length != 4) {
      return false;
    }
    for (String p : parts) {
      if (p.isEmpty() || p.length() > 3 || !isDigits(p)) {
        return false;
      }
    }
    return true;
  }

  /** {@code v2}, {@code v2.3}, {@code 2.3.1}, {@code v2.3.1.4}: three or four numbers, or a {@code v} and one or two. */
  private static boolean isVersion(String lower) {
    boolean v = lower.startsWith("v");
    String[] parts = (v ? lower.substring(1) : lower).split("\\.", -1);
    for (String p : parts) {
      if (!isDigits(p)) {
        return false;
      }
    }
    return v ? parts.length <= 4 : parts.length == 3 || parts.length == 4;
  }

  /** Dotted labels of letters, digits and inner hyphens, the last of two letters or more: a host or a file name. */
  private static boolean isHost(String lower) {
    String[] labels = lower.split("\\.", -1);
    if (labels.length < 2) {
      return false;
    }
    for (String label : labels) {
      if (label.isEmpty() || label.charAt(0) == '-' || label.charAt(label.length() - 1) == '-') {
        return false;
      }
      for (int i = 0; i < label.length(); i++) {
        char c = label.charAt(i);
        if (!(isAlnum(c) || c == '-')) {
          return false;
        }
      }
    }
    String tld = labels[labels.length - 1];
    if (tld.length() < 2) {
      return false;
    }
    for (int i = 0; i < tld.length(); i++) {
      if (!Character.isLetter(tld.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** Letters and digits in runs joined by {@code -} or {@code _}, with a letter and a digit somewhere. */
  private static boolean isId(String lower) {
    boolean letter = false;
    boolean digit = false;
    char previous = '-';
    for (int i = 0; i < lower.length(); i++) {
      char c = lower.charAt(i);
      if (c == '-' || c == '_') {
        if (previous == '-' || previous == '_') {
          return false; // a separator first, or two in a row
        }
      } else if (c >= 'a' && c <= 'z') {
        letter = true;
      } else if (c >= '0' && c <= '9') {
        digit = true;
      } else {
        return false;
      }
      previous = c;
    }
    return letter && digit && previous != '-' && previous != '_';
  }

  private static boolean isAlnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  }

  /** Whether a key=value pair's key is {@code core[0, eq)}: a letter or underscore, then letters, digits, . - _. */
  static boolean isKey(String core, int eq) {
    char first = core.charAt(0);
    if (!(Character.isLetter(first) || first == '_')) {
      return false;
    }
    for (int i = 1; i < eq; i++) {
      char c = core.charAt(i);
      if (!(Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_')) {
        return false;
      }
    }
    return true;
  }

  /** Where a token holding several identifiers is cut: {@code /|()[]{}<>!?'} and, in one with pairs, {@code , ;}. */
  static boolean separates(char c, boolean pairs) {
    return "/|()[]{}<>!?'".indexOf(c) >= 0 || (pairs && (c == ',' || c == ';'));
  }
}
