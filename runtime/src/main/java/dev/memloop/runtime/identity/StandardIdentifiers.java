package dev.memloop.runtime.identity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link IdentifierExtractor#standard()}: a scanner over the line's tokens (runs of non-space, a quoted string as
 * one), each tried as an identifier alone or with the token or two after it (an amount and its currency, a day and
 * its month, a time and its am or pm), made canonical by {@link Canonical}. What names nothing is the wording. The
 * rules are those of one regular expression kept in the tests ({@code PatternReference}), which the scanner is
 * checked against; a scanner because that expression costs 12 us a line and the guard reads every action's.
 * Stateless and thread-safe.
 */
final class StandardIdentifiers implements IdentifierExtractor {

  /** The default: a word-valued {@code key=value} (sig=ssh-bruteforce) is wording. */
  public static final StandardIdentifiers INSTANCE = new StandardIdentifiers(false);

  private final boolean wordValuesCount;

  /**
   * @param wordValuesCount whether a word-valued {@code key=value} ({@code sig=ssh-bruteforce}) is an identifier
   *     (for the measurement that chose "no", docs/BENCHMARKS.md)
   */
  public StandardIdentifiers(boolean wordValuesCount) {
    this.wordValuesCount = wordValuesCount;
  }

  @Override
  public Identifiers extract(String text) {
    Tokens tokens = new Tokens(text);
    List<String> ids = new ArrayList<>(4);
    StringBuilder wording = new StringBuilder(text.length());
    for (int t = 0; t < tokens.count();) {
      int used = tokens.candidate(t) ? identify(tokens, t, ids, wording) : 0;
      if (used == 0) {
        wording.append(tokens.raw(t)).append(' ');
        t++;
      } else {
        t += used;
      }
    }
    return new Identifiers(ids, Wording.tidy(wording));
  }

  /** The identifier that starts at token {@code t}, added to {@code ids}; returns the tokens it took (0: none). */
  private int identify(Tokens tokens, int t, List<String> ids, StringBuilder wording) {
    String core = tokens.core(t);
    if (core.isEmpty()) {
      return 0;
    }
    if (tokens.quoted(t)) {
      ids.add(Canonical.quoted(core));
      return 1;
    }
    int spanned = spanning(tokens, t, core, ids);
    if (spanned > 0) {
      return spanned;
    }
    String one = single(core);
    if (one != null) {
      ids.add(one);
      return 1;
    }
    StringBuilder partWords = new StringBuilder();
    if (!parts(core, ids, partWords)) {
      return 0; // a word after all: the caller keeps it whole
    }
    wording.append(partWords);
    return 1;
  }

  /** An identifier of two or three tokens starting at {@code t}: an amount, a date or a time; 0 when none. */
  private static int spanning(Tokens tokens, int t, String core, List<String> ids) {
    String next = t + 1 < tokens.count() ? tokens.core(t + 1) : "";
    String afterNext = t + 2 < tokens.count() ? tokens.core(t + 2) : "";
    String lower = core.toLowerCase(Locale.ROOT);
    if (Shapes.isNumber(core)) {
      if (Shapes.isCurrencyWord(next)) { // 100 USD, 100 dollars
        ids.add(Canonical.amount(core, null, Canonical.currencyOfWord(next)));
        return 2;
      }
      if (Shapes.isMeridiem(next) && Shapes.isHour(core)) { // 2 pm
        ids.add(Canonical.time(core, "00", null, next.substring(0, 1), core + " " + next));
        return 2;
      }
    }
    String day = Shapes.day(core);
    if (day != null && Shapes.isMonth(next)) { // 4 March 2026, 4th March
      boolean year = Shapes.isYear(afterNext);
      ids.add(Canonical.date(year ? afterNext : null, Canonical.month(next), day, core + " " + next));
      return year ? 3 : 2;
    }
    if (Shapes.isMonth(lower)) { // March 4, 2026; Mar 4th
      String monthDay = Shapes.day(next);
      if (monthDay != null) {
        boolean year = Shapes.isYear(afterNext);
        ids.add(Canonical.date(year ? afterNext : null, Canonical.month(core), monthDay, core + " " + next));
        return year ? 3 : 2;
      }
      return 0;
    }
    if (Shapes.isCurrencyCode(lower) && Shapes.isNumber(next)) { // USD 100
      ids.add(Canonical.amount(next, null, lower.toUpperCase(Locale.ROOT)));
      return 2;
    }
    if (core.length() == 1 && Shapes.isCurrencySymbol(core.charAt(0)) && Shapes.isNumber(next)) { // $ 100
      ids.add(Canonical.amount(next, null, Canonical.currencyOfSymbol(core.charAt(0))));
      return 2;
    }
    if (Shapes.isClock(core) && Shapes.isMeridiem(next)) { // 2:30 pm
      String[] hms = core.split(":");
      ids.add(Canonical.time(hms[0], hms[1], hms.length > 2 ? hms[2] : null, next.substring(0, 1), core));
      return 2;
    }
    return 0;
  }

  /** The identifier {@code core} is on its own, or null for a word. */
  private String single(String core) {
    int eq = core.indexOf('=');
    if (eq > 0 && Shapes.isKey(core, eq)) {
      return null; // a pair: parts() reads it
    }
    return Shapes.identifier(core);
  }

  /**
   * A token that holds pairs or several identifiers ({@code sig=ssh-bruteforce,host=web-03}, {@code order-42/43}):
   * each part read alone; a word-valued pair's value joins the wording. Whether any part named something.
   */
  private boolean parts(String core, List<String> ids, StringBuilder wording) {
    boolean found = false;
    int start = 0;
    for (int i = 0; i <= core.length(); i++) {
      if (i == core.length() || Shapes.separates(core.charAt(i), core.indexOf('=') >= 0)) {
        if (i > start) {
          found |= part(core.substring(start, i), ids, wording);
        }
        start = i + 1;
      }
    }
    return found;
  }

  private boolean part(String part, List<String> ids, StringBuilder wording) {
    int eq = part.indexOf('=');
    if (eq > 0 && Shapes.isKey(part, eq)) {
      String value = Tokens.unquote(part.substring(eq + 1));
      String id = value.isBlank() ? null : valueIdentifier(value);
      if (id == null && wordValuesCount && !value.isBlank()) {
        id = Wording.collapse(value).toLowerCase(Locale.ROOT);
      }
      if (id != null) {
        ids.add(id);
      } else {
        wording.append(value).append(' '); // a word: it tells what the act is about, not which thing
      }
      return true;
    }
    String id = Shapes.identifier(part);
    if (id != null) {
      ids.add(id);
      return true;
    }
    wording.append(part).append(' ');
    return false;
  }

  /** The one identifier a pair's value is ({@code web-03}, {@code "100 USD"}), or null for a word. */
  private String valueIdentifier(String value) {
    if (value.chars().noneMatch(Character::isWhitespace)) {
      return Shapes.identifier(value);
    }
    Identifiers read = INSTANCE.extract(value);
    return read.ids().size() == 1 && read.wording().isEmpty() ? read.ids().get(0) : null;
  }

  @Override
  public String name() {
    return wordValuesCount ? "standard (word values count)" : "standard";
  }
}
