package dev.memloop.bench.benchmarks.conversation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.tartarus.snowball.ext.PorterStemmer;

/**
 * LoCoMo's published answer score: token F1 after its normalisation (commas dropped, lower case, ASCII punctuation
 * dropped, the words a, an, the and "and" dropped, white space collapsed), every token Porter-stemmed. By category:
 * multi-hop answers (1) are split at commas and each gold part scored by its best generated part, the parts'
 * mean being the score; open-domain answers (3) are scored against the gold answer before its first ';'; the others
 * (2, 4) as one phrase. Adversarial questions (5) are not scored here (the retrieval benchmark leaves them out).
 *
 * <p>The stemmer is Lucene's Snowball Porter (the original algorithm); the published scoring uses NLTK's, whose
 * extensions stem a few rare words differently (e.g. {@code -ly} adverbs), so a handful of scores may differ in the
 * third decimal. Stateless apart from the stemmer it keeps: not thread-safe.
 */
public final class AnswerF1 {

  private static final Pattern ARTICLES = Pattern.compile("\\b(a|an|the|and)\\b");
  private static final String PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"; // Python's string.punctuation

  private final PorterStemmer stemmer = new PorterStemmer();

  /** The score of {@code answer} against {@code gold} for a question of {@code category}, in [0, 1]. */
  public double score(String answer, String gold, int category) {
    return switch (category) {
      case 1 -> multiHop(answer, gold);
      case 3 -> f1(answer, gold.split(";", -1)[0].trim());
      case 2, 4 -> f1(answer, gold);
      default -> throw new IllegalArgumentException("LoCoMo scores answers of categories 1-4: " + category);
    };
  }

  private double multiHop(String answer, String gold) {
    String[] answers = answer.split(",", -1);
    String[] golds = gold.split(",", -1);
    double sum = 0;
    for (String g : golds) {
      double best = 0;
      for (String a : answers) {
        best = Math.max(best, f1(a.trim(), g.trim()));
      }
      sum += best;
    }
    return sum / golds.length;
  }

  /** Token F1 of two phrases, normalised and stemmed. */
  double f1(String answer, String gold) {
    List<String> predicted = tokens(answer);
    List<String> expected = tokens(gold);
    Map<String, Integer> counts = new HashMap<>();
    expected.forEach(t -> counts.merge(t, 1, Integer::sum));
    int same = 0;
    for (String t : predicted) {
      Integer left = counts.get(t);
      if (left != null && left > 0) {
        counts.put(t, left - 1);
        same++;
      }
    }
    if (same == 0) {
      return 0;
    }
    double precision = (double) same / predicted.size();
    double recall = (double) same / expected.size();
    return 2 * precision * recall / (precision + recall);
  }

  /** The normalised phrase's tokens, stemmed. */
  List<String> tokens(String text) {
    String words = normalised(text);
    List<String> out = new ArrayList<>();
    if (words.isEmpty()) {
      return out;
    }
    for (String w : words.split(" ")) {
      stemmer.setCurrent(w);
      stemmer.stem();
      out.add(stemmer.getCurrent());
    }
    return out;
  }

  /** The published normalisation alone (no stemming): words separated by one space. */
  static String normalised(String text) {
    String s = text.replace(",", "").toLowerCase(Locale.ROOT);
    StringBuilder kept = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      if (PUNCTUATION.indexOf(s.charAt(i)) < 0) {
        kept.append(s.charAt(i));
      }
    }
    String words = ARTICLES.matcher(kept).replaceAll(" ").trim();
    return words.isEmpty() ? "" : String.join(" ", words.split("\\s+"));
  }
}
