package dev.memloop.memory.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * How the lexical side of a hybrid recall reads a text into terms: a Lucene {@link Analyzer}, the same chain for the
 * items and for the queries. {@link #english()}, the default, is Lucene's {@link EnglishAnalyzer}: the standard
 * tokenizer, possessives, lower case, English stop words, Porter stemming, so that a shared "the" never makes a
 * match and "refunded" finds "refund". {@link #of(Analyzer)} takes any other chain (a language's, a keyword one).
 *
 * <p>Thread-safe as Lucene's analyzers are: each thread reuses its own token stream.
 */
public final class TextAnalysis {

  private static final String FIELD = "text";

  private final Analyzer analyzer;
  private final String name;

  private TextAnalysis(Analyzer analyzer, String name) {
    this.analyzer = analyzer;
    this.name = name;
  }

  private static final TextAnalysis ENGLISH = new TextAnalysis(new EnglishAnalyzer(), "english");
  private static final TextAnalysis PLAIN = new TextAnalysis(new org.apache.lucene.analysis.standard.StandardAnalyzer(
      org.apache.lucene.analysis.CharArraySet.EMPTY_SET), "plain");

  /**
   * The default: Lucene's English chain (stop words, possessives, lower case, Porter stemming); one instance for the
   * JVM, as Lucene's analyzers are shared.
   */
  public static TextAnalysis english() {
    return ENGLISH;
  }

  /**
   * The chain before analysis: Lucene's standard tokenizer and lower case, no word dropped or stemmed (as the lexical
   * side read texts before it used Lucene's analysis; kept to measure against).
   */
  public static TextAnalysis plain() {
    return PLAIN;
  }

  /** A chain of one's own; its analyzer stays the caller's to close. */
  public static TextAnalysis of(Analyzer analyzer) {
    if (analyzer == null) {
      throw new IllegalArgumentException("the analyzer must not be null");
    }
    return new TextAnalysis(analyzer, analyzer.getClass().getSimpleName());
  }

  /** How records name the chain. */
  public String name() {
    return name;
  }

  /** The terms of {@code text}, in order: what a text is indexed under. */
  public List<String> terms(String text) {
    List<String> out = new ArrayList<>();
    forEachTerm(text, (buffer, length) -> out.add(new String(buffer, 0, length)));
    return out;
  }

  /** What a term is handed to, in place: the analyzer's buffer, valid only during the call. */
  @FunctionalInterface
  interface TermSink {
    void term(char[] buffer, int length);
  }

  /** Each term of {@code text} in the analyzer's own buffer: a query's terms are looked up without a string each. */
  void forEachTerm(String text, TermSink sink) {
    try (TokenStream stream = analyzer.tokenStream(FIELD, text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        if (term.length() > 0) {
          sink.term(term.buffer(), term.length());
        }
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException("analysing a text in memory cannot fail, and did: " + e, e);
    }
  }
}
