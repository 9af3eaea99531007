package dev.memloop.runtime.internal.identity;

import java.util.Locale;
import java.util.Set;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.en.EnglishAnalyzer;

/**
 * The words of an action that say what it does: its wording in lower case without English stop words (Lucene's
 * {@link EnglishAnalyzer#ENGLISH_STOP_WORDS_SET}) and without the light verbs that carry no act of their own ("issue a
 * refund", "process the refund", "mark it as closed" are "refund" and "closed"). What the guard embeds and compares by
 * meaning: two wordings with the same content words are the same act to any bag-of-words embedder.
 *
 * <p>A tokenizer of its own (split at anything that is neither a letter, a digit, a hyphen nor an apostrophe), not
 * Lucene's {@code StandardTokenizer}: this runs before every guarded action, and a token stream's setup costs more than
 * the split. Stateless.
 */
final class ContentWords {

  private static final CharArraySet STOP = EnglishAnalyzer.ENGLISH_STOP_WORDS_SET;
  /** Verbs that lend a sentence its grammar and the noun beside them the act (light verb constructions). */
  static final CharArraySet LIGHT_VERBS = new CharArraySet(Set.of("issue", "issued", "process", "processed",
      "perform", "performed", "do", "does", "done", "make", "made", "mark", "marked", "carry", "out", "execute",
      "executed", "please", "go", "ahead", "get", "have", "take", "give"), false);

  private ContentWords() {}

  /** The content words of {@code wording}, in order, one space apart; empty when it has none. */
  static String of(String wording) {
    StringBuilder out = new StringBuilder(wording.length());
    char[] buffer = new char[16]; // stop words and light verbs are short: a longer word is neither
    int n = wording.length();
    int i = 0;
    while (i < n) {
      while (i < n && !isWordChar(wording.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < n && isWordChar(wording.charAt(i))) {
        i++;
      }
      int from = start;
      int to = i;
      while (from < to && isJoiner(wording.charAt(from))) { // a hyphen or apostrophe at either end joins nothing
        from++;
      }
      while (to > from && isJoiner(wording.charAt(to - 1))) {
        to--;
      }
      if (to > from) {
        int mark = out.length();
        if (mark > 0) {
          out.append(' ');
        }
        int wordStart = out.length();
        for (int c = from; c < to; c++) {
          out.append(Character.toLowerCase(wording.charAt(c)));
        }
        int length = out.length() - wordStart;
        if (length <= buffer.length) {
          out.getChars(wordStart, out.length(), buffer, 0);
          if (STOP.contains(buffer, 0, length) || LIGHT_VERBS.contains(buffer, 0, length)) {
            out.setLength(mark); // a stop word or a light verb: not a content word
          }
        }
      }
    }
    return out.toString();
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '-' || c == '\'';
  }

  private static boolean isJoiner(char c) {
    return c == '-' || c == '\'';
  }
}
