package dev.memloop.runtime.identity;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * The one spelling of each identifier the standard extractor finds, so that two wordings of one thing agree:
 * {@code $100}, {@code USD 100} and {@code 100 dollars} are {@code 100 USD}; {@code March 4, 2026} and {@code
 * 2026-03-04} are {@code 2026-03-04}; {@code 2 pm} is {@code 14:00}; {@code #4411} is {@code 4411}; {@code 1,200.00}
 * is {@code 1200}; ids, hosts and addresses are lower case.
 */
final class Canonical {

  private static final String[] MONTHS = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
      "dec"};

  private Canonical() {}

  static String quoted(String text) {
    return Wording.collapse(text).toLowerCase(Locale.ROOT);
  }

  static String lower(String text) {
    return text.toLowerCase(Locale.ROOT);
  }

  /** An id: lower case, without a leading {@code #}. */
  static String id(String text) {
    String id = text.toLowerCase(Locale.ROOT);
    return id.startsWith("#") ? id.substring(1) : id;
  }

  /** A version with its {@code v}: {@code 2.3.1} and {@code V2.3.1} are {@code v2.3.1}. */
  static String version(String text) {
    String v = text.toLowerCase(Locale.ROOT);
    return v.startsWith("v") ? v : "v" + v;
  }

  /** A number's one spelling: {@code 1,200.00} is {@code 1200}. */
  static String number(String digits) {
    return plain(decimal(digits));
  }

  /** An amount: its number (times a thousand or a million for a {@code k} or {@code m}) and its currency code. */
  static String amount(String digits, String multiplier, String code) {
    BigDecimal amount = decimal(digits);
    if (multiplier != null) {
      amount = amount.movePointRight(multiplier.equalsIgnoreCase("k") ? 3 : 6);
    }
    return plain(amount) + " " + code;
  }

  static String currencyOfSymbol(char symbol) {
    return switch (symbol) {
      case '$' -> "USD";
      case '€' -> "EUR";
      case '£' -> "GBP";
      default -> "JPY";
    };
  }

  static String url(String url) {
    return trimTrailingPunctuation(url);
  }

  private static String trimTrailingPunctuation(String url) {
    int end = url.length();
    while (end > 0 && ".,;:!?)]}".indexOf(url.charAt(end - 1)) >= 0) {
      end--;
    }
    return url.substring(0, end);
  }

  static int month(String name) {
    String prefix = name.substring(0, 3).toLowerCase(Locale.ROOT);
    for (int i = 0; i < MONTHS.length; i++) {
      if (MONTHS[i].equals(prefix)) {
        return i + 1;
      }
    }
    throw new IllegalStateException("not a month: " + name); // the pattern admits only these
  }

  /** ISO 8601: {@code 2026-03-04}, or {@code --03-04} without a year; an impossible date stays as written. */
  static String date(String year, int month, String day, String written) {
    int d = Integer.parseInt(day);
    if (month < 1 || month > 12 || d < 1 || d > 31) {
      return written.toLowerCase(Locale.ROOT);
    }
    String monthDay = String.format(Locale.ROOT, "%02d-%02d", month, d);
    return year == null ? "--" + monthDay : year + "-" + monthDay;
  }

  /** 24-hour {@code HH:mm}, with {@code :ss} when the seconds are not zero; an impossible time stays as written. */
  static String time(String hours, String minutes, String seconds, String amPm, String written) {
    int h = Integer.parseInt(hours);
    int min = Integer.parseInt(minutes);
    int s = seconds == null ? 0 : Integer.parseInt(seconds);
    if (amPm != null) {
      if (h < 1 || h > 12) {
        return written.toLowerCase(Locale.ROOT);
      }
      boolean pm = amPm.equalsIgnoreCase("p");
      h = h % 12 + (pm ? 12 : 0);
    }
    if (h > 23 || min > 59 || s > 59) {
      return written.toLowerCase(Locale.ROOT);
    }
    return s == 0 ? String.format(Locale.ROOT, "%02d:%02d", h, min) : String.format(Locale.ROOT, "%02d:%02d:%02d", h, min, s);
  }

  /** The code of a currency's code or word ({@code usd}, {@code dollars}, {@code bucks}). */
  static String currencyOfWord(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    if (w.startsWith("dollar") || w.equals("bucks")) {
      return "USD";
    }
    if (w.startsWith("euro")) {
      return "EUR";
    }
    if (w.startsWith("pound")) {
      return "GBP";
    }
    return w.toUpperCase(Locale.ROOT);
  }

  private static BigDecimal decimal(String digits) {
    return new BigDecimal(digits.replace(",", ""));
  }

  /** {@code 1200.00} as {@code 1200}, {@code 0.50} as {@code 0.5}: equal numbers, one spelling. */
  private static String plain(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    return (stripped.scale() < 0 ? stripped.setScale(0) : stripped).toPlainString();
  }
}
