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
 * <p>Over 300 lines for one reason: the postings, their removal and the scoring share packed arrays that a search
 * reads without allocating, and splitting them would hand those arrays across classes.
 */
public final class LexicalIndex implements TextAnalysis.TermSink {

  /** BM25's term-frequency saturation. */
  public static final float K1 = 1.2f;
  /** BM25's length normalization. */
  public static final float B = 0.75f;

  /** A scored text: its key and its BM25 score. */
  public record Hit(long key, float score) {}

  // ids by term: an open-addressing table (linear probing) whose lookups read a region of a text in place, so that a
  // search allocates no string per query term; a term's id is its index in postings
  private String[] termSlots = new String[64];
  private int[] idOfSlot = new int[64];
  private int termCount;
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

  private static final class Postings {
    int[] docs = new int[4];
    int[] tfs = new int[4];
    int size;
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
    int length = 0;
    int ownWeight = context.isEmpty() ? 1 : OWN_WEIGHT;
    for (String term : terms(text)) {
      counts.merge(termId(term), ownWeight, Integer::sum);
      length += ownWeight;
    }
    if (!context.isEmpty()) {
      for (String term : terms(context)) {
        counts.merge(termId(term), 1, Integer::sum);
        length++;
      }
    }
    // a text of stop words only has no terms: it is kept (removals still find it) and matches no query
    int doc = freeCount > 0 ? free[--freeCount] : slots++;
    grow(doc + 1);
    keys[doc] = key;
    lengths[doc] = length;
    int[] distinct = new int[counts.size()];
    int i = 0;
    for (Map.Entry<Integer, Integer> e : counts.entrySet()) {
      distinct[i++] = e.getKey();
      append(postings.get(e.getKey()), doc, e.getValue());
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
      Postings p = postings.get(term);
      for (int j = 0; j < p.size; j++) {
        if (p.docs[j] == doc) { // the order of postings does not matter: the last one takes its place
          p.size--;
          p.docs[j] = p.docs[p.size];
          p.tfs[j] = p.tfs[p.size];
          break;
        }
      }
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
    Arrays.fill(termSlots, null);
    termCount = 0;
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
    int id = findTerm(buffer, length);
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

  /** The id of {@code term} (as the analysis read it), made if new. */
  private int termId(String term) {
    int found = findTerm(term);
    if (found >= 0) {
      return found;
    }
    if ((termCount + 1) * 2 > termSlots.length) { // at most half full: probes stay short
      rehash(termSlots.length * 2);
    }
    int slot = slotFor(hash(term));
    while (termSlots[slot] != null) {
      slot = (slot + 1) & (termSlots.length - 1);
    }
    int id = termCount++;
    termSlots[slot] = term;
    idOfSlot[slot] = id;
    postings.add(new Postings());
    if (queryMark.length < termCount) {
      queryMark = Arrays.copyOf(queryMark, termSlots.length);
    }
    return id;
  }

  /** The id of the term in {@code buffer[0, length)}, or -1; reads the buffer in place. */
  private int findTerm(char[] buffer, int length) {
    int slot = slotFor(hash(buffer, length));
    for (String stored; (stored = termSlots[slot]) != null; slot = (slot + 1) & (termSlots.length - 1)) {
      if (sameTerm(stored, buffer, length)) {
        return idOfSlot[slot];
      }
    }
    return -1;
  }

  private static boolean sameTerm(String stored, char[] buffer, int length) {
    if (stored.length() != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (stored.charAt(i) != buffer[i]) {
        return false;
      }
    }
    return true;
  }

  /** The id of {@code term}, or -1: a write's lookup. */
  private int findTerm(String term) {
    int slot = slotFor(hash(term));
    for (String stored; (stored = termSlots[slot]) != null; slot = (slot + 1) & (termSlots.length - 1)) {
      if (stored.equals(term)) {
        return idOfSlot[slot];
      }
    }
    return -1;
  }

  /** The same hash as {@link #hash(char[], int)} of the term's characters. */
  private static int hash(String term) {
    int h = 0;
    for (int i = 0; i < term.length(); i++) {
      h = 31 * h + term.charAt(i);
    }
    return h ^ (h >>> 16);
  }

  private static int hash(char[] buffer, int length) {
    int h = 0;
    for (int i = 0; i < length; i++) {
      h = 31 * h + buffer[i];
    }
    return h ^ (h >>> 16);
  }

  private int slotFor(int hash) {
    return hash & (termSlots.length - 1);
  }

  private void rehash(int capacity) {
    String[] oldSlots = termSlots;
    int[] oldIds = idOfSlot;
    termSlots = new String[capacity];
    idOfSlot = new int[capacity];
    for (int s = 0; s < oldSlots.length; s++) {
      if (oldSlots[s] != null) {
        int slot = slotFor(hash(oldSlots[s]));
        while (termSlots[slot] != null) {
          slot = (slot + 1) & (capacity - 1);
        }
        termSlots[slot] = oldSlots[s];
        idOfSlot[slot] = oldIds[s];
      }
    }
  }

  private static void append(Postings p, int doc, int tf) {
    if (p.size == p.docs.length) {
      p.docs = Arrays.copyOf(p.docs, p.size * 2);
      p.tfs = Arrays.copyOf(p.tfs, p.size * 2);
    }
    p.docs[p.size] = doc;
    p.tfs[p.size] = tf;
    p.size++;
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
