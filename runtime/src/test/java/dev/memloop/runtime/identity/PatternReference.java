package dev.memloop.runtime.identity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The standard extractor's rules as one regular expression, its alternatives tried in order at each position: the
 * reference {@link StandardIdentifiers}' scanner is checked against (as the scalar kernels are the Vector API's). Too
 * slow for the guard (12 us a line against the scanner's 1), clear enough to read the rules from.
 */
final class PatternReference {

  private static final String MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
      + "|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
  private static final String NUMBER = "\\d[\\d,]*(?:\\.\\d+)?";
  private static final String CURRENCY_WORD = "(?:usd|eur|gbp|jpy|chf|cad|aud|dollars?|euros?|pounds?|bucks)";

  // Alternatives in priority order; at one position the first that matches wins.
  static final Pattern IDENTIFIER = Pattern.compile(String.join("|",
      "(?<url>\\b(?:https?|ftp)://[^\\s\"'<>]+)",
      "(?<email>\\b[a-z0-9._%+-]+@[a-z0-9-]+(?:\\.[a-z0-9-]+)+)",
      "\"(?<dq>[^\"\\n]{1,512})\"",
      "(?<![\\w])'(?<sq>[^'\\n]{1,512})'(?![\\w])",
      "(?<kvkey>\\b[a-z_][\\w.-]*)=(?:\"(?<kvq>[^\"\\n]{0,512})\"|(?<kvval>[^\\s,;\"]+))",
      "(?<![\\w-])(?<iso>(?<y>\\d{4})[-/](?<m>\\d{1,2})[-/](?<d>\\d{1,2}))(?![\\w-])",
      "(?<dmy>\\b(?<d1>\\d{1,2})(?:st|nd|rd|th)?\\s+(?<mon1>" + MONTH + ")\\.?(?:,?\\s+(?<y1>\\d{4}))?\\b)",
      "(?<mdy>\\b(?<mon2>" + MONTH + ")\\.?\\s+(?<d2>\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(?<y2>\\d{4}))?\\b)",
      "(?<time>\\b(?<hh>\\d{1,2}):(?<mm>\\d{2})(?::(?<ss>\\d{2}))?(?:\\s*(?<ap>[ap])\\.?m\\b\\.?)?)",
      "(?<time12>\\b(?<hh12>\\d{1,2})\\s*(?<ap12>[ap])\\.?m\\b\\.?)",
      "(?<amt1>(?<cur1>[$€£¥])\\s?(?<n1>" + NUMBER + ")(?<k1>[km]\\b)?)",
      "(?<amt2>\\b(?<cur2>usd|eur|gbp|jpy|chf|cad|aud)\\s?(?<n2>" + NUMBER + "))",
      "(?<amt3>(?<![\\w.])(?<n3>" + NUMBER + ")\\s?(?<cur3>" + CURRENCY_WORD + ")\\b)",
      "(?<ip>\\b\\d{1,3}(?:\\.\\d{1,3}){3}\\b)",
      "(?<version>\\bv?\\d+(?:\\.\\d+){2,3}\\b|\\bv\\d+(?:\\.\\d+)?\\b)",
      "(?<host>\\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\\.[a-z]{2,}\\b)",
      "(?<id>#?\\b(?=[a-z0-9_-]*\\d)(?=[a-z0-9_-]*[a-z])[a-z0-9]+(?:[-_][a-z0-9]+)*\\b)",
      "(?<hashnum>#(?<hn>\\d+)\\b)",
      "(?<num>(?<![\\w.])" + NUMBER + "(?![\\w]))"), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

  private PatternReference() {}

  static Identifiers extract(String text, boolean wordValuesCount) {
    Matcher m = IDENTIFIER.matcher(text);
    List<String> ids = new ArrayList<>(4);
    StringBuilder wording = new StringBuilder(text.length());
    int end = 0;
    while (m.find()) {
      wording.append(text, end, m.start()).append(' ');
      end = m.end();
      String key = m.group("kvkey");
      if (key == null) {
        ids.add(of(m));
      } else {
        String value = m.group("kvq") != null ? m.group("kvq") : m.group("kvval");
        String id = valueIdentifier(value, wordValuesCount);
        if (id != null) {
          ids.add(id);
        } else if (!value.isBlank()) {
          wording.append(value).append(' ');
        }
      }
    }
    wording.append(text, end, text.length());
    return new Identifiers(ids, Wording.tidy(wording));
  }

  private static String valueIdentifier(String value, boolean wordValuesCount) {
    if (value.isBlank()) {
      return null;
    }
    Matcher m = IDENTIFIER.matcher(value);
    if (m.matches() && m.group("kvkey") == null) {
      return of(m);
    }
    return wordValuesCount ? Wording.collapse(value).toLowerCase(Locale.ROOT) : null;
  }

  /** The canonical form of the match {@code m} of {@link #IDENTIFIER} (not a key=value pair). */
  static String of(Matcher m) {
    if (m.group("url") != null) {
      return Canonical.url(m.group("url"));
    }
    if (m.group("email") != null) {
      return Canonical.lower(m.group("email"));
    }
    if (m.group("dq") != null) {
      return Canonical.quoted(m.group("dq"));
    }
    if (m.group("sq") != null) {
      return Canonical.quoted(m.group("sq"));
    }
    if (m.group("iso") != null) {
      return Canonical.date(m.group("y"), Integer.parseInt(m.group("m")), m.group("d"), m.group("iso"));
    }
    if (m.group("dmy") != null) {
      return Canonical.date(m.group("y1"), Canonical.month(m.group("mon1")), m.group("d1"), m.group("dmy"));
    }
    if (m.group("mdy") != null) {
      return Canonical.date(m.group("y2"), Canonical.month(m.group("mon2")), m.group("d2"), m.group("mdy"));
    }
    if (m.group("time") != null) {
      return Canonical.time(m.group("hh"), m.group("mm"), m.group("ss"), m.group("ap"), m.group("time"));
    }
    if (m.group("time12") != null) {
      return Canonical.time(m.group("hh12"), "00", null, m.group("ap12"), m.group("time12"));
    }
    if (m.group("amt1") != null) {
      return Canonical.amount(m.group("n1"), m.group("k1"), Canonical.currencyOfSymbol(m.group("cur1").charAt(0)));
    }
    if (m.group("amt2") != null) {
      return Canonical.amount(m.group("n2"), null, Canonical.currencyOfWord(m.group("cur2")));
    }
    if (m.group("amt3") != null) {
      return Canonical.amount(m.group("n3"), null, Canonical.currencyOfWord(m.group("cur3")));
    }
    if (m.group("ip") != null) {
      return m.group("ip");
    }
    if (m.group("version") != null) {
      return Canonical.version(m.group("version"));
    }
    if (m.group("host") != null) {
      return Canonical.lower(m.group("host"));
    }
    if (m.group("id") != null) {
      return Canonical.id(m.group("id"));
    }
    if (m.group("hashnum") != null) {
      return Canonical.number(m.group("hn"));
    }
    return Canonical.number(m.group("num"));
  }

}
