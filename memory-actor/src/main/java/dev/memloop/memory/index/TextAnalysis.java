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
  /** Makes a chain of one's own, for an owner that reads many texts on one thread; null: the analyzer's. */
  private final java.util.function.Supplier<Chain> chains;

  private TextAnalysis(Analyzer analyzer, String name, java.util.function.Supplier<Chain> chains) {
    this.analyzer = analyzer;
    this.name = name;
    this.chains = chains;
  }

  private static final TextAnalysis ENGLISH = new TextAnalysis(new EnglishAnalyzer(), "english", EnglishChain::new);
  private static final TextAnalysis PLAIN = new TextAnalysis(new org.apache.lucene.analysis.standard.StandardAnalyzer(
      org.apache.lucene.analysis.CharArraySet.EMPTY_SET), "plain", null);

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
    return new TextAnalysis(analyzer, analyzer.getClass().getSimpleName(), null);
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

  /**
   * A reader of texts for one owner (a lexical index, read by one thread at a time): the English chain built once and
   * reused for every text, so that reading a query allocates nothing (the analyzer's own reuse goes through a
   * thread-local that allocates as it purges); any other analyzer through its own reuse.
   */
  Reader reader() {
    Chain chain = chains == null ? null : chains.get();
    return chain == null ? (text, sink) -> forEachTerm(text, sink) : chain;
  }

  /** Reads texts into terms, in place. Not thread-safe. */
  @FunctionalInterface
  interface Reader {
    void forEachTerm(String text, TermSink sink);
  }

  /** A token stream built once, read again for every text. */
  interface Chain extends Reader {}

  /** Lucene's English chain as {@link EnglishAnalyzer} builds it, kept by one owner. */
  private static final class EnglishChain implements Chain {
    private final Texts texts = new Texts();
    private final org.apache.lucene.analysis.Tokenizer source =
        new org.apache.lucene.analysis.standard.StandardTokenizer();
    private final TokenStream stream;
    private final CharTermAttribute term;

    EnglishChain() {
      TokenStream s = new org.apache.lucene.analysis.en.EnglishPossessiveFilter(source);
      s = new org.apache.lucene.analysis.LowerCaseFilter(s);
      s = new org.apache.lucene.analysis.StopFilter(s, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
      stream = new org.apache.lucene.analysis.en.PorterStemFilter(s);
      term = stream.addAttribute(CharTermAttribute.class);
    }

    @Override
    public void forEachTerm(String text, TermSink sink) {
      try {
        texts.set(text);
        source.setReader(texts);
        stream.reset();
        try {
          while (stream.incrementToken()) {
            if (term.length() > 0) {
              sink.term(term.buffer(), term.length());
            }
          }
          stream.end();
        } finally {
          stream.close(); // always: a stream not closed refuses its next reader
        }
      } catch (IOException e) {
        throw new UncheckedIOException("analysing a text in memory cannot fail, and did: " + e, e);
      }
    }
  }

  /** One string after another as a reader, with no reader made per string. */
  private static final class Texts extends java.io.Reader {
    private String text = "";
    private int at;

    void set(String next) {
      text = next;
      at = 0;
    }

    @Override
    public int read(char[] into, int off, int len) {
      if (at >= text.length()) {
        return -1;
      }
      int n = Math.min(len, text.length() - at);
      text.getChars(at, at + n, into, off);
      at += n;
      return n;
    }

    @Override
    public void close() {
      // nothing held: the next text is set on the same reader
    }
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
