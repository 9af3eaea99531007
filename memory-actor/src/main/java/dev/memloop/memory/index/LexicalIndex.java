package dev.memloop.memory.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * BM25 over texts, in process: the lexical half of a hybrid recall. Each text is read into terms by its
 * {@link TextAnalysis} (Lucene's English chain by default: stop words dropped, possessives, lower case, Porter
 * stemming; the same chain for texts and queries), and a query's score for a text is Okapi BM25 with
 * Lucene's idf, {@code ln(1 + (N - df + 0.5) / (df + 0.5))}, and {@code k1 = 1.2}, {@code b = 0.75}: each distinct
 * query term found in the text adds {@code idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len / avgLen))}. A text
 * that holds no query term is not a result. Equal scores go to the smaller key (the older text, as the memory's
 * vector search orders them).
 *
 * <p>Texts are added and removed by key (the memory's stable item key); a removed text's postings go at once, so
 * document frequencies are always those of the live texts. A search allocates its results only: the query's terms
 * are looked up in the analyzer's buffer, in place, and its score buffers are reused. Not thread-safe: its owner (a
 * memory's single writer, or its lock) serializes use.
 *
 * <p>Terms get their ids from {@link TermIds}, and each its {@link Postings}; the docs' arrays and the scoring stay
 * here, read by a search without allocating.
 */
public final class LexicalIndex implements TextAnalysis.TermSink {

  /** BM25's term-frequency saturation. */
  public static final float K1 = 1.2f;
  /** BM25's length normalization. */
  public static final float B = 0.75f;

  /** A scored text: its key and its BM25 score. */
  public record Hit(long key, float score) {}

  private final TermIds terms = new TermIds(); // a term's id is its index in postings
  private int[] queryMark = new int[64]; // by term id: the search that last counted it (distinct query terms)
  private int queryEpoch;
  private final List<Postings> postings = new ArrayList<>();
  private final Map<Long, Integer> docOfKey = new HashMap<>();
  private long[] keys = new long[16];
  private int[] lengths = new int[16];
  private int[][] docTerms = new int[16][]; // distinct term ids of each doc; null for a free slot
  private int[] free = new int[16];
  private int freeCount;
  private int slots; // slots ever used
  private int live;
  private long totalLength;

  // reused by search
  private float[] scores = new float[16];
  private int[] touched = new int[16];
  private final TopK top = new TopK();
  private final TextAnalysis analysis;
  private final TextAnalysis.Reader reader; // this index's own chain: reading a query allocates nothing
  // the search in progress, for term(): the sink of the query's terms, so that a search captures nothing
  private float searchAvgLength;
  private int searchTouched;
  private float searchIdfSum;

  /** BM25 with Lucene's English analysis. */
  public LexicalIndex() {
    this(TextAnalysis.english());
  }

  /** BM25 over the terms {@code analysis} reads. */
  public LexicalIndex(TextAnalysis analysis) {
    if (analysis == null) {
      throw new IllegalArgumentException("a lexical index needs its text analysis");
    }
    this.analysis = analysis;
    this.reader = analysis.reader();
  }

  /** How texts and queries are read into terms. */
  public TextAnalysis analysis() {
    return analysis;
  }

  /** Live texts. */
  public int size() {
    return live;
  }

  /**
   * Indexes {@code text} under {@code key}.
   *
   * @throws IllegalArgumentException when {@code key} is indexed already
   */
  public void add(long key, String text) {
    add(key, text, "");
  }

  /** How many times a text's own term counts where its context's counts once ({@link #add(long, String, String)}). */
  public static final int OWN_WEIGHT = 2;

  /**
   * Indexes {@code text} under {@code key}, read with {@code context} (the turns before a turn, say): a query word in
   * either matches, one in the text counting {@link #OWN_WEIGHT} times (a field weight, as BM25F's), so that a text
   * holding the word itself outranks one whose context holds it.
   *
   * @throws IllegalArgumentException when {@code key} is indexed already
   */
  public void add(long key, String text, String context) {
    if (docOfKey.containsKey(key)) {
      throw new IllegalArgumentException("key " + key + " is indexed already");
    }
    Map<Integer, Integer> counts = new HashMap<>();
    int length = context.isEmpty() ? count(text, 1, counts)
        : count(text, OWN_WEIGHT, counts) + count(context, 1, counts);
    // a text of stop words only has no terms: it is kept (removals still find it) and matches no query
    int doc = freeCount > 0 ? free[--freeCount] : slots++;
    grow(doc + 1);
    keys[doc] = key;
    lengths[doc] = length;
    int[] distinct = new int[counts.size()];
    int i = 0;
    for (Map.Entry<Integer, Integer> e : counts.entrySet()) {
      distinct[i++] = e.getKey();
      postings.get(e.getKey()).add(doc, e.getValue());
    }
    docTerms[doc] = distinct;
    docOfKey.put(key, doc);
    live++;
    totalLength += length;
  }

  /** Removes the text under {@code key}; false when there is none. */
  public boolean remove(long key) {
    Integer doc = docOfKey.remove(key);
    if (doc == null) {
      return false;
    }
    for (int term : docTerms[doc]) {
      postings.get(term).remove(doc);
    }
    docTerms[doc] = null;
    totalLength -= lengths[doc];
    live--;
    if (freeCount == free.length) {
      free = Arrays.copyOf(free, free.length * 2);
    }
    free[freeCount++] = doc;
    return true;
  }

  /** Removes every text. */
  public void clear() {
    terms.clear();
    postings.clear();
    docOfKey.clear();
    Arrays.fill(docTerms, null);
    freeCount = 0;
    slots = 0;
    live = 0;
    totalLength = 0;
  }

  /**
   * The {@code k} texts of highest BM25 score for {@code query}, best first (equal scores: the smaller key first);
   * fewer when fewer texts hold a query term.
   */
  public List<Hit> search(String query, int k) {
    return search(query, k, 0);
  }

  /**
   * As {@link #search(String, int)}, keeping only texts whose score is at least {@code minShare} of the query's
   * ideal: the sum of the idf of its distinct terms the index holds, what a text of average length holding each of
   * them once scores. A text that shares one common term with a long query falls below a share that one that shares
   * its rare terms reaches.
   *
   * @param minShare in [0, 1]
   */
  public List<Hit> search(String query, int k, float minShare) {
    if (k <= 0) {
      throw new IllegalArgumentException("k must be > 0: " + k);
    }
    if (!(minShare >= 0 && minShare <= 1)) {
      throw new IllegalArgumentException("the least share of the ideal score must be in [0, 1]: " + minShare);
    }
    if (live == 0) {
      return List.of();
    }
    if (scores.length < slots) {
      scores = new float[keys.length];
      touched = new int[keys.length];
    }
    searchAvgLength = (float) totalLength / live;
    searchTouched = 0;
    searchIdfSum = 0;
    if (++queryEpoch == 0) { // after 2^32 searches: start the marks again
      Arrays.fill(queryMark, 0);
      queryEpoch = 1;
    }
    reader.forEachTerm(query, this);
    int touchedCount = searchTouched;
    float least = minShare * searchIdfSum;
    int kept = 0;
    top.reset(Math.min(k, touchedCount == 0 ? 1 : touchedCount));
    for (int t = 0; t < touchedCount; t++) {
      int doc = touched[t];
      if (scores[doc] >= least) {
        top.offer(scores[doc], keys[doc], doc);
        kept++;
      }
      scores[doc] = 0; // ready for the next search
    }
    top.finish();
    if (kept == 0) {
      return List.of();
    }
    List<Hit> hits = new ArrayList<>(top.size());
    for (int i = 0; i < top.size(); i++) {
      hits.add(new Hit(top.key(i), top.score(i)));
    }
    return hits;
  }

  /** One term of the query in progress, in the analyzer's buffer: its postings add to the texts that hold it. */
  @Override
  public void term(char[] buffer, int length) {
    int id = terms.find(buffer, length);
    if (id < 0 || queryMark[id] == queryEpoch) {
      return; // a term no text holds, or one this query counted already
    }
    queryMark[id] = queryEpoch;
    Postings p = postings.get(id);
    if (p.size == 0) {
      return;
    }
    float idf = idf(live, p.size);
    searchIdfSum += idf;
    for (int j = 0; j < p.size; j++) {
      int doc = p.docs[j];
      float tf = p.tfs[j];
      float norm = K1 * (1 - B + B * lengths[doc] / searchAvgLength);
      if (scores[doc] == 0) {
        touched[searchTouched++] = doc;
      }
      scores[doc] += idf * tf * (K1 + 1) / (tf + norm);
    }
  }

  /** Lucene's BM25 idf: never negative, even for a term in most texts. */
  static float idf(int texts, int withTerm) {
    return (float) Math.log(1 + (texts - withTerm + 0.5) / (withTerm + 0.5));
  }

  /** The terms of {@code text} as this index reads them (its analysis), in order. */
  public List<String> terms(String text) {
    List<String> out = new ArrayList<>();
    reader.forEachTerm(text, (buffer, length) -> out.add(new String(buffer, 0, length)));
    return out;
  }

  /** The id of {@code term} (as the analysis read it), made, with its empty postings, if new. */
  private int termId(String term) {
    int id = terms.intern(term);
    if (id == postings.size()) {
      postings.add(new Postings());
      if (queryMark.length < terms.size()) {
        queryMark = Arrays.copyOf(queryMark, queryMark.length * 2);
      }
    }
    return id;
  }

  /** Adds {@code text}'s terms to {@code counts}, each {@code weight} times; returns the weighted length. */
  private int count(String text, int weight, Map<Integer, Integer> counts) {
    int length = 0;
    for (String term : terms(text)) {
      counts.merge(termId(term), weight, Integer::sum);
      length += weight;
    }
    return length;
  }

  private void grow(int needed) {
    if (needed <= keys.length) {
      return;
    }
    int capacity = Math.max(needed, keys.length * 2);
    keys = Arrays.copyOf(keys, capacity);
    lengths = Arrays.copyOf(lengths, capacity);
    docTerms = Arrays.copyOf(docTerms, capacity);
  }
}
