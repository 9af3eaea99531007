package dev.memloop.memory.index;

/**
 * One searcher's working arrays and its last result. A single-owner memory keeps one and reuses it, so a
 * search allocates nothing once the arrays have grown to the index size; concurrent readers each take
 * their own. Also counts exact re-ranks, which reports use to show how much a compressed pass saved.
 *
 * <p>Not thread-safe: one search at a time.
 */
public final class SearchBuffers {

  final TopK top = new TopK();
  /** The k largest lower bounds, for filtered compressed searches. */
  final TopK bounds = new TopK();
  final float[] stats = new float[3];
  // the working arrays start as shared empty ones and grow on use (a fleet agent's never use most of them)
  private float[] query = Empty.FLOATS;
  private short[] queryCodes = Empty.SHORTS;
  private int[] dots = Empty.INTS;
  private float[] floats = Empty.FLOATS;
  private int[] candidates = Empty.INTS;
  private float[] scores = Empty.FLOATS;
  private int[] chosen = Empty.INTS;
  /** Scratch for the query's unit-length check. */
  final float[] four = new float[4];
  private float[] laneTop = Empty.FLOATS;
  private long searches;
  /** Scans to run directly before the compressed pass is tried again (see compressedPassFailed). */
  private int skipCompressed;
  private int failedInARow;
  private long reranked;

  /** Number of results of the last search. */
  public int count() {
    return top.size();
  }

  /** Ordinal of the {@code i}-th best result of the last search. */
  public int ordinal(int i) {
    checkResult(i);
    return top.ordinal(i);
  }

  /** Score of the {@code i}-th best result of the last search. */
  public float score(int i) {
    checkResult(i);
    return top.score(i);
  }

  /** Searches run with these buffers. */
  public long searches() {
    return searches;
  }

  /** Vectors scored exactly in total; for an exhaustive scan that is every vector. */
  public long reranked() {
    return reranked;
  }

  private void checkResult(int i) {
    if (i < 0 || i >= top.size()) {
      throw new IndexOutOfBoundsException("result " + i + " of " + top.size());
    }
  }

  void begin(int k) {
    top.reset(k);
    searches++;
  }

  /**
   * Whether the next compressed-index search should try the int16 pass. After the pass fails to prune (on
   * near-duplicate data every interval overlaps and a scan follows anyway), the next searches scan
   * directly, 2, 4, ... up to 64 of them: a wasted pass then costs at most ~1/64 of a search.
   */
  boolean compressedPassWorthTrying() {
    if (skipCompressed > 0) {
      skipCompressed--;
      return false;
    }
    return true;
  }

  void compressedPassFailed() {
    failedInARow = Math.min(failedInARow + 1, 6);
    skipCompressed = 1 << failedInARow;
  }

  void compressedPassWorked() {
    failedInARow = 0;
  }

  void countReranked(int n) {
    reranked += n;
  }

  float[] query(int length) {
    if (query.length < length) {
      query = new float[length];
    }
    return query;
  }

  short[] queryCodes(int length) {
    if (queryCodes.length < length) {
      queryCodes = new short[length];
    }
    return queryCodes;
  }

  int[] dots(int length) {
    if (dots.length < length) {
      dots = new int[grow(length)];
    }
    return dots;
  }

  float[] floats(int length) {
    if (floats.length < length) {
      floats = new float[grow(length)];
    }
    return floats;
  }

  int[] candidates(int length) {
    if (candidates.length < length) {
      candidates = new int[grow(length)];
    }
    return candidates;
  }

  float[] scores(int length) {
    if (scores.length < length) {
      scores = new float[grow(length)];
    }
    return scores;
  }

  /**
   * A scratch array of at least {@code length} ordinals for a caller that picks the rows to score
   * ({@link VectorIndex#searchAmong}); kept apart from the search's own arrays, reused by the next call.
   */
  public int[] chosenOrdinals(int length) {
    if (chosen.length < length) {
      chosen = new int[grow(length)];
    }
    return chosen;
  }

  float[] laneTop(int length) {
    if (laneTop.length < length) {
      laneTop = new float[length];
    }
    return laneTop;
  }

  private static int grow(int length) {
    return Math.max(16, length + (length >> 1));
  }
}
