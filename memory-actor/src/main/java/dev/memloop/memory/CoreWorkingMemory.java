package dev.memloop.memory;

import dev.memloop.memory.index.SearchBuffers;
import dev.memloop.memory.jfr.MemoryOperationEvent;
import dev.memloop.memory.timing.Ticker;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Everything the two memories share: validation, embedding, timing and the order of the steps. The
 * subclasses decide only how access to the {@link MemoryCore} is serialized: not at all for the
 * single-owner memory, a read-write lock for the thread-safe one.
 *
 * <p>Every operation validates all its input and embeds before it takes a lock or changes anything, so
 * bad input leaves the memory as it was and a slow embedder never holds a lock.
 */
abstract class BaseWorkingMemory implements WorkingMemory {

  private final Embedder embedder;
  private final int dimension;
  private final Ticker ticker;
  final MemoryCore core;
  private volatile boolean closed;

  BaseWorkingMemory(Embedder embedder, int dimension, Ticker ticker, MemoryCore core) {
    this.embedder = embedder;
    this.dimension = dimension;
    this.ticker = ticker;
    this.core = core;
  }

  // --- how access is serialized (the subclasses) ---

  abstract void beginWrite();

  abstract void endWrite();

  /** {@code touches}: the read updates recency for eviction, so it must be exclusive. */
  abstract void beginRead(boolean touches);

  abstract void endRead(boolean touches);

  abstract SearchBuffers takeBuffers();

  abstract void giveBack(SearchBuffers buffers, long searchesBefore, long rerankedBefore);

  abstract void record(int op, long nanos);

  /** Records one operation's time in the memory's statistics and, when a recording asks, as a JFR event. */
  private void timed(int op, long nanos) {
    record(op, nanos);
    MemoryOperationEvent.emit(op, nanos);
  }

  abstract void countZeroVectorQuery();

  abstract MemoryTimings timingSnapshot();

  abstract MemoryStats statsSnapshot();

  abstract void releaseResources();

  // --- writes ---

  @Override
  public final int dimension() {
    return dimension;
  }

  @Override
  public final String add(String text) {
    return add(text, Map.of());
  }

  @Override
  public final String add(String text, Map<String, ?> metadata) {
    ensureOpen("add");
    Inputs.text(text, "text");
    Map<String, Object> meta = MetadataValues.copyOf(metadata);
    float[] unit = embedForWrite(text);
    long start = ticker.nanoTime();
    String id = insert(null, unit, text, meta);
    timed(TimingRecorder.WRITE_STORE, ticker.nanoTime() - start);
    return id;
  }

  @Override
  public final List<String> addAll(List<String> texts) {
    ensureOpen("addAll");
    Inputs.texts(texts);
    List<float[]> units = new ArrayList<>(texts.size());
    for (String text : texts) {
      units.add(embedForWrite(text)); // all embedded and checked before the first insert
    }
    long start = ticker.nanoTime();
    List<String> ids = new ArrayList<>(texts.size());
    beginWrite();
    try {
      ensureOpen("addAll");
      core.checkInsertable(null, texts.size());
      for (int i = 0; i < texts.size(); i++) {
        ids.add(core.insert(null, units.get(i), texts.get(i), Map.of()));
      }
    } finally {
      endWrite();
    }
    long perItem = (ticker.nanoTime() - start) / Math.max(1, texts.size());
    for (int i = 0; i < texts.size(); i++) {
      timed(TimingRecorder.WRITE_STORE, perItem);
    }
    return Collections.unmodifiableList(ids);
  }

  @Override
  public final String addVector(float[] vector, String text, Map<String, ?> metadata) {
    return addVector(null, vector, text, metadata, false);
  }

  @Override
  public final String addVector(String id, float[] vector, String text, Map<String, ?> metadata) {
    return addVector(id, vector, text, metadata, true);
  }

  private String addVector(String id, float[] vector, String text, Map<String, ?> metadata, boolean callerId) {
    ensureOpen("addVector");
    if (callerId) {
      Inputs.id(id);
    }
    double squaredNorm = Inputs.storedVector(vector, dimension, "vector");
    Inputs.optionalText(text);
    Map<String, Object> meta = MetadataValues.copyOf(metadata);
    long start = ticker.nanoTime();
    float[] unit = UnitVectors.unit(vector, squaredNorm, false);
    String stored = insert(id, unit, text, meta);
    timed(TimingRecorder.WRITE_STORE, ticker.nanoTime() - start);
    return stored;
  }

  private String insert(String id, float[] unit, String text, Map<String, Object> meta) {
    beginWrite();
    try {
      ensureOpen("add");
      return core.insert(id, unit, text, meta);
    } finally {
      endWrite();
    }
  }

  private float[] embedForWrite(String text) {
    float[] vector = embed(text, TimingRecorder.WRITE_EMBED);
    double squaredNorm = Inputs.embedded(vector, dimension, embedder, text);
    if (squaredNorm == 0) {
      throw new IllegalArgumentException("text embeds to the zero vector (no token known to embedder "
          + embedder.name() + "): " + Inputs.show(text));
    }
    return UnitVectors.unit(vector, squaredNorm, true);
  }

  private float[] embed(String text, int op) {
    if (embedder == null) {
      throw new IllegalStateException("this memory stores pre-embedded vectors only (built without an "
          + "embedder); use addVector/recallVector or build it with an Embedder");
    }
    long start = ticker.nanoTime();
    float[] vector = embedder.embed(text);
    timed(op, ticker.nanoTime() - start);
    return vector;
  }

  // --- reads ---

  @Override
  public final List<Recall> search(MemoryQuery query) {
    ensureOpen("search");
    if (query == null) {
      throw new IllegalArgumentException("query must not be null");
    }
    float minScore = query.minScore() == MemoryQuery.NO_MINIMUM ? Float.NEGATIVE_INFINITY : minScore(query.minScore());
    float[] unit;
    long start;
    if (query.isText()) {
      unit = embedForQuery(query.text()); // timed as embedding, apart from the store's work
      if (unit == null) {
        return List.of();
      }
      start = ticker.nanoTime();
    } else {
      double squaredNorm = Inputs.vector(query.vector(), dimension, "query");
      start = ticker.nanoTime(); // a caller's vector is normalized here: store work
      unit = UnitVectors.unit(query.vector(), squaredNorm, false);
    }
    List<Recall> found = query.hybrid() ? hybridUntimed(unit, query, minScore)
        : searchUntimed(unit, query.k(), minScore, indexed(query.identity()), query.screen(), ALL);
    timed(TimingRecorder.QUERY_STORE, ticker.nanoTime() - start);
    if (query.minScore() != MemoryQuery.NO_MINIMUM) {
      double least = query.minScore(); // the float bound was rounded down: hold the double one exactly
      found.removeIf(r -> r.similarity() < least);
    }
    return found;
  }

  /** A shorthand answered without a query object or a list: a threshold match that misses allocates nothing. */
  @Override
  public final Optional<Recall> match(String text, double threshold) {
    ensureOpen("match");
    Inputs.text(text, "text");
    Inputs.threshold(threshold);
    float[] unit = embedForQuery(text);
    if (unit == null) {
      return Optional.empty();
    }
    long start = ticker.nanoTime();
    Optional<Recall> best = searchUntimed(unit, 1, minScore(threshold), null, null, FIRST);
    timed(TimingRecorder.QUERY_STORE, ticker.nanoTime() - start);
    return atOrAbove(best, threshold);
  }

  /** As {@link #match}, for a vector the caller embedded. */
  @Override
  public final Optional<Recall> matchVector(float[] query, double threshold) {
    return matchVector(query, threshold, null, (MetadataFilter) null);
  }

  /** As {@link #matchVector(float[], double)} among one kind's items: as allocation-free when it misses. */
  @Override
  public final Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind) {
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    return matchVector(query, threshold, null, kind.filter());
  }

  /**
   * As {@link #matchVector(float[], double, MemoryKind)} among the items of one identity: only that identity's items
   * are scored (the identity index); {@link ItemIdentity#NONE} screens for items without one. As allocation-free
   * when it misses.
   */
  @Override
  public final Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind, String identity) {
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    ItemIdentity.checkAsked(identity, "identity", identity);
    if (identity.isEmpty()) {
      return matchVector(query, threshold, null, ItemIdentity.withoutIdentity(kind));
    }
    return matchVector(query, threshold, identity, kind.filter());
  }

  /**
   * The threshold match of a caller's vector among the items {@code filter} passes (null: all), and among those of
   * {@code identity} only when it is not null.
   */
  private Optional<Recall> matchVector(float[] query, double threshold, String identity, MetadataFilter filter) {
    ensureOpen("matchVector");
    double squaredNorm = Inputs.vector(query, dimension, "query");
    Inputs.threshold(threshold);
    long start = ticker.nanoTime();
    float[] unit = UnitVectors.unit(query, squaredNorm, false);
    Optional<Recall> best = searchUntimed(unit, 1, minScore(threshold), identity, filter, FIRST);
    timed(TimingRecorder.QUERY_STORE, ticker.nanoTime() - start);
    return atOrAbove(best, threshold);
  }

  private static Optional<Recall> atOrAbove(Optional<Recall> best, double threshold) {
    return best.isPresent() && best.get().similarity() >= threshold ? best : Optional.empty();
  }

  /** The threshold is a double; any float score at or above it passes, so round it down, not to nearest. */
  private static float minScore(double threshold) {
    float minScore = (float) threshold;
    return minScore > threshold ? Math.nextDown(minScore) : minScore;
  }

  /** The query as a unit vector, or null when it embeds to the zero vector (counted, found nothing). */
  private float[] embedForQuery(String text) {
    float[] vector = embed(text, TimingRecorder.QUERY_EMBED);
    double squaredNorm = Inputs.embedded(vector, dimension, embedder, text);
    if (squaredNorm == 0) {
      countZeroVectorQuery();
      return null;
    }
    return UnitVectors.unit(vector, squaredNorm, true);
  }

  // Non-capturing, so one instance each: a threshold match that misses allocates nothing (not even an empty list).
  private static final BiFunction<MemoryCore, SearchBuffers, List<Recall>> ALL = (core, buffers) -> core.results(buffers);
  private static final BiFunction<MemoryCore, SearchBuffers, Optional<Recall>> FIRST =
      (core, buffers) -> core.first(buffers);

  /** The identity a search scores through the identity index: a real one; null for any or for none. */
  private static String indexed(String identity) {
    return identity == null || identity.isEmpty() ? null : identity;
  }

  /** @param identity scores only this identity's items (the index), or null for every item {@code filter} passes */
  private <T> T searchUntimed(float[] unit, int k, float minScore, String identity, MetadataFilter filter,
      BiFunction<MemoryCore, SearchBuffers, T> answer) {
    SearchBuffers buffers = takeBuffers();
    long searches = buffers.searches();
    long reranked = buffers.reranked();
    boolean touches = core.tracksRecency();
    beginRead(touches);
    try {
      ensureOpen("search");
      // k asks for at most k: never more than the memory holds, so no buffer is sized by a caller's number (a
      // peer's RecallTopK with k = Integer.MAX_VALUE was an OutOfMemoryError, and Pekko exits the JVM on one)
      int bounded = Math.min(k, Math.max(1, core.size()));
      if (identity == null) {
        core.search(unit, bounded, minScore, filter, buffers);
      } else {
        core.searchIdentity(unit, identity, bounded, minScore, filter, buffers);
      }
      return answer.apply(core, buffers);
    } finally {
      endRead(touches);
      giveBack(buffers, searches, reranked);
    }
  }

  /** A hybrid recall, exclusively: BM25 reuses its score buffers, so two may not run at once. */
  private List<Recall> hybridUntimed(float[] unit, MemoryQuery query, float minScore) {
    if (!core.lexical()) {
      throw new IllegalStateException("this memory keeps no lexical index, so it cannot answer a hybrid recall: "
          + "build it with WorkingMemory.builder(embedder).lexical()");
    }
    SearchBuffers buffers = takeBuffers();
    long searches = buffers.searches();
    long reranked = buffers.reranked();
    beginRead(true);
    try {
      ensureOpen("search");
      return core.hybrid(unit, query.text(), Math.min(query.k(), Math.max(1, core.size())),
          Math.max(MemoryQuery.HYBRID_DEPTH, query.k()), minScore, query.screen(), buffers);
    } finally {
      endRead(true);
      giveBack(buffers, searches, reranked);
    }
  }

  @Override
  public final java.util.List<MemoryItem> items() {
    ensureOpen("items");
    beginRead(false);
    try {
      ensureOpen("items");
      return core.items();
    } finally {
      endRead(false);
    }
  }

  @Override
  public final Optional<float[]> vector(String id) {
    ensureOpen("vector");
    Inputs.id(id);
    beginRead(false);
    try {
      ensureOpen("vector");
      return core.vector(id);
    } finally {
      endRead(false);
    }
  }

  // --- removal, size, lifecycle ---

  @Override
  public final boolean remove(String id) {
    ensureOpen("remove");
    Inputs.id(id);
    beginWrite();
    try {
      ensureOpen("remove");
      return core.remove(id);
    } finally {
      endWrite();
    }
  }

  @Override
  public final int removeAll(MetadataFilter filter) {
    ensureOpen("removeAll");
    Inputs.filter(filter);
    beginWrite();
    try {
      ensureOpen("removeAll");
      return core.removeAll(filter);
    } finally {
      endWrite();
    }
  }

  @Override
  public final void clear() {
    ensureOpen("clear");
    beginWrite();
    try {
      ensureOpen("clear");
      core.clear();
    } finally {
      endWrite();
    }
  }

  @Override
  public final boolean answersHybrid() {
    return core.lexical();
  }

  @Override
  public final int size() {
    ensureOpen("size");
    beginRead(false);
    try {
      return core.size();
    } finally {
      endRead(false);
    }
  }

  @Override
  public final MemoryTimings timings() {
    ensureOpen("timings");
    return timingSnapshot();
  }

  @Override
  public final MemoryStats stats() {
    ensureOpen("stats");
    beginRead(false);
    try {
      return statsSnapshot();
    } finally {
      endRead(false);
    }
  }

  @Override
  public final boolean isClosed() {
    return closed;
  }

  @Override
  public final void close() {
    beginWrite();
    try {
      if (!closed) {
        closed = true;
        core.release();
        releaseResources();
      }
    } finally {
      endWrite();
    }
  }

  private void ensureOpen(String operation) {
    if (closed) {
      throw new MemoryClosedException(operation);
    }
  }
}
