package dev.memloop.memory.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * BM25 over texts, in process: the lexical half of a hybrid recall. Each text is split into terms (runs of letters
 * and digits, lower-cased; nothing is stemmed or dropped), and a query's score for a text is Okapi BM25 with
 * Lucene's idf, {@code ln(1 + (N - df + 0.5) / (df + 0.5))}, and {@code k1 = 1.2}, {@code b = 0.75}: each distinct
 * query term found in the text adds {@code idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len / avgLen))}. A text
 * that holds no query term is not a result. Equal scores go to the smaller key (the older text, as the memory's
 * vector search orders them).
 *
 * <p>Texts are added and removed by key (the memory's stable item key); a removed text's postings go at once, so
 * document frequencies are always those of the live texts. A search allocates its results only: the query's terms
 * are looked up in place (a term with a letter beyond ASCII is lower-cased into a string first, as {@link #terms}
 * does, since Unicode lower-casing may change its length), and its score buffers are reused. Not thread-safe: its owner (a memory's single writer, or its lock) serializes use.
 */
public final class LexicalIndex {

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
    if (docOfKey.containsKey(key)) {
      throw new IllegalArgumentException("key " + key + " is indexed already");
    }
    Map<Integer, Integer> counts = new HashMap<>();
    int length = 0;
    for (String term : terms(text)) {
      counts.merge(termId(term), 1, Integer::sum);
      length++;
    }
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
    if (k <= 0) {
      throw new IllegalArgumentException("k must be > 0: " + k);
    }
    if (live == 0) {
      return List.of();
    }
    if (scores.length < slots) {
      scores = new float[keys.length];
      touched = new int[keys.length];
    }
    float avgLength = (float) totalLength / live;
    int touchedCount = 0;
    if (++queryEpoch == 0) { // after 2^32 searches: start the marks again
      Arrays.fill(queryMark, 0);
      queryEpoch = 1;
    }
    for (int start = termStart(query, 0), end; start >= 0; start = termStart(query, end)) {
      end = termEnd(query, start);
      int id = ascii(query, start, end) ? findTerm(query, start, end) : findTerm(lowerCase(query, start, end));
      if (id < 0 || queryMark[id] == queryEpoch) {
        continue; // a term no text holds, or one this query counted already
      }
      queryMark[id] = queryEpoch;
      Postings p = postings.get(id);
      if (p.size == 0) {
        continue;
      }
      float idf = idf(live, p.size);
      for (int j = 0; j < p.size; j++) {
        int doc = p.docs[j];
        float tf = p.tfs[j];
        float norm = K1 * (1 - B + B * lengths[doc] / avgLength);
        if (scores[doc] == 0) {
          touched[touchedCount++] = doc;
        }
        scores[doc] += idf * tf * (K1 + 1) / (tf + norm);
      }
    }
    top.reset(Math.min(k, touchedCount == 0 ? 1 : touchedCount));
    for (int t = 0; t < touchedCount; t++) {
      int doc = touched[t];
      top.offer(scores[doc], keys[doc], doc);
      scores[doc] = 0; // ready for the next search
    }
    top.finish();
    List<Hit> hits = new ArrayList<>(top.size());
    for (int i = 0; i < top.size(); i++) {
      hits.add(new Hit(top.key(i), top.score(i)));
    }
    return hits;
  }

  /** Lucene's BM25 idf: never negative, even for a term in most texts. */
  static float idf(int texts, int withTerm) {
    return (float) Math.log(1 + (texts - withTerm + 0.5) / (withTerm + 0.5));
  }

  /** The terms of {@code text}: maximal runs of letters and digits, lower-cased, in order. */
  public static List<String> terms(String text) {
    List<String> terms = new ArrayList<>();
    for (int start = termStart(text, 0), end; start >= 0; start = termStart(text, end)) {
      end = termEnd(text, start);
      terms.add(lowerCase(text, start, end));
    }
    return terms;
  }

  /** Where the next term of {@code text} starts at or after {@code from}, or -1: the one rule of what a term is. */
  private static int termStart(String text, int from) {
    for (int i = from; i < text.length(); i++) {
      if (Character.isLetterOrDigit(text.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  /** Where the term starting at {@code start} ends (exclusive). */
  private static int termEnd(String text, int start) {
    int i = start;
    while (i < text.length() && Character.isLetterOrDigit(text.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean ascii(String text, int start, int end) {
    for (int i = start; i < end; i++) {
      if (text.charAt(i) >= 128) {
        return false;
      }
    }
    return true;
  }

  private static String lowerCase(String text, int start, int end) {
    return text.substring(start, end).toLowerCase(java.util.Locale.ROOT);
  }

  /** The id of {@code term} (lower-cased already), made if new. */
  private int termId(String term) {
    int found = findTerm(term);
    if (found >= 0) {
      return found;
    }
    if ((termCount + 1) * 2 > termSlots.length) { // at most half full: probes stay short
      rehash(termSlots.length * 2);
    }
    int slot = slotFor(hash(term, 0, term.length()));
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

  /** The id of a term already lower-cased, or -1. */
  private int findTerm(String term) {
    return findTerm(term, 0, term.length());
  }

  /** The id of {@code text[start, end)} with ASCII letters lower-cased, or -1; reads the text in place. */
  private int findTerm(String text, int start, int end) {
    int slot = slotFor(hash(text, start, end));
    for (String stored; (stored = termSlots[slot]) != null; slot = (slot + 1) & (termSlots.length - 1)) {
      if (sameTerm(stored, text, start, end)) {
        return idOfSlot[slot];
      }
    }
    return -1;
  }

  private static boolean sameTerm(String stored, String text, int start, int end) {
    if (stored.length() != end - start) {
      return false;
    }
    for (int i = start; i < end; i++) {
      if (stored.charAt(i - start) != asciiLower(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static int hash(String text, int start, int end) {
    int h = 0;
    for (int i = start; i < end; i++) {
      h = 31 * h + asciiLower(text.charAt(i));
    }
    return h ^ (h >>> 16);
  }

  private static char asciiLower(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
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
        int slot = slotFor(hash(oldSlots[s], 0, oldSlots[s].length()));
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
