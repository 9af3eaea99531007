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
 * The memory: validation, embedding, timing and the order of the steps, with two parts composed in: its
 * {@link AccessDiscipline} (one owner at a time, checked, or a read-write lock) and its {@link Recorder} (timings, or
 * {@link Recorder#DISABLED} when built untimed). The items themselves are its {@link MemoryCore}.
 *
 * <p>Every operation validates all its input and embeds before it takes a lock or changes anything, so bad input
 * leaves the memory as it was and a slow embedder never holds a lock. The hot paths (add, search, match) bracket the
 * core by hand; the rest go through {@link #read} and {@link #write}, whose functions are non-capturing, so that no
 * operation allocates a lambda.
 *
 * <p>Over 300 lines for one reason: it implements every operation of {@link WorkingMemory}, each a few lines of
 * validation, embedding and timing around the core, and they share their checks and brackets here.
 */
final class CoreWorkingMemory implements WorkingMemory {

  private final Embedder embedder;
  private final int dimension;
  private final Ticker ticker;
  private final MemoryCore core;
  private final AccessDiscipline access;
  private final Recorder recorder;
  private volatile boolean closed;

  CoreWorkingMemory(Embedder embedder, int dimension, Ticker ticker, MemoryCore core, AccessDiscipline access,
      Recorder recorder) {
    this.embedder = embedder;
    this.dimension = dimension;
    this.ticker = ticker;
    this.core = core;
    this.access = access;
    this.recorder = access.guard(recorder);
  }

  /** Records one operation's time in the memory's statistics and, when a recording asks, as a JFR event. */
  private void timed(int op, long nanos) {
    recorder.record(op, nanos);
    MemoryOperationEvent.emit(op, nanos);
  }

  /** {@code read(core, argument)} under a read bracket, once the memory is known open. */
  private <A, T> T read(String operation, A argument, BiFunction<MemoryCore, A, T> read) {
    ensureOpen(operation);
    access.beginRead(false);
    try {
      ensureOpen(operation);
      return read.apply(core, argument);
    } finally {
      access.endRead(false);
    }
  }

  /** {@code write(core, argument)} under a write bracket, once the memory is known open. */
  private <A, T> T write(String operation, A argument, BiFunction<MemoryCore, A, T> write) {
    ensureOpen(operation);
    access.beginWrite();
    try {
      ensureOpen(operation);
      return write.apply(core, argument);
    } finally {
      access.endWrite();
    }
  }

  // --- writes ---

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public String add(String text) {
    return add(text, Map.of());
  }

  @Override
  public String add(String text, Map<String, ?> metadata) {
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
  public String write(MemoryWrite write) {
    ensureOpen("add");
    if (write == null) {
      throw new IllegalArgumentException("write must not be null");
    }
    float[] unit = embedForWrite(write.text());
    long start = ticker.nanoTime();
    String id = insert(null, unit, write.text(), write.storedMetadata(core.now()));
    timed(TimingRecorder.WRITE_STORE, ticker.nanoTime() - start);
    return id;
  }

  @Override
  public List<String> addAll(List<String> texts) {
    ensureOpen("addAll");
    Inputs.texts(texts);
    List<float[]> units = new ArrayList<>(texts.size());
    for (String text : texts) {
      units.add(embedForWrite(text)); // all embedded and checked before the first insert
    }
    long start = ticker.nanoTime();
    List<String> ids = new ArrayList<>(texts.size());
    access.beginWrite();
    try {
      ensureOpen("addAll");
      core.checkInsertable(null, texts.size());
      for (int i = 0; i < texts.size(); i++) {
        ids.add(core.insert(null, units.get(i), texts.get(i), Map.of()));
      }
    } finally {
      access.endWrite();
    }
    long perItem = (ticker.nanoTime() - start) / Math.max(1, texts.size());
    for (int i = 0; i < texts.size(); i++) {
      timed(TimingRecorder.WRITE_STORE, perItem);
    }
    return Collections.unmodifiableList(ids);
  }

  @Override
  public String addVector(float[] vector, String text, Map<String, ?> metadata) {
    return addVector(null, vector, text, metadata, false);
  }

  @Override
  public String addVector(String id, float[] vector, String text, Map<String, ?> metadata) {
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
    access.beginWrite();
    try {
      ensureOpen("add");
      return core.insert(id, unit, text, meta);
    } finally {
      access.endWrite();
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
  public List<Recall> search(MemoryQuery query) {
    ensureOpen("search");
    if (query == null) {
      throw new IllegalArgumentException("query must not be null");
    }
    if (query.isNearestMatch()) { // the guard's question: answered by its shorthand, nothing allocated on a miss
      MemoryKind kind = query.soleKind();
      // (a nearest match never asks in time: it sees the current items, as every shorthand)
      Optional<Recall> best = query.identity() == null ? matchVector(query.vector(), query.minScore(), kind)
          : matchVector(query.vector(), query.minScore(), kind, query.identity());
      return best.isPresent() ? List.of(best.get()) : List.of();
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
    Visibility visibility = Visibility.of(query);
    List<Recall> found;
    if (query.hybrid()) {
      found = hybridUntimed(unit, query, minScore, visibility);
    } else if (query.halfLife() == null) {
      found = searchUntimed(unit, query.k(), minScore, indexed(query.identity()), query.screen(), visibility, ALL);
    } else { // recency weighs a wider set of candidates: the nearest by meaning that recency can reorder
      long at = query.asOf() != null ? query.asOf().toEpochMilli() : -1;
      long halfLife = Math.max(1, query.halfLife().toMillis());
      found = searchUntimed(unit, Math.max(query.k() * DECAY_WIDTH, DECAY_FLOOR), minScore,
          indexed(query.identity()), query.screen(), visibility, (core, buffers) -> core.decayed(buffers,
              query.k(), at < 0 ? core.now() : at, halfLife));
    }
    timed(TimingRecorder.QUERY_STORE, ticker.nanoTime() - start);
    if (query.minScore() != MemoryQuery.NO_MINIMUM) {
      double least = query.minScore(); // the float bound was rounded down: hold the double one exactly
      found.removeIf(r -> r.similarity() < least);
    }
    return found;
  }

  /** A shorthand answered without a query object or a list: a threshold match that misses allocates nothing. */
  @Override
  public Optional<Recall> match(String text, double threshold) {
    ensureOpen("match");
    Inputs.text(text, "text");
    Inputs.threshold(threshold);
    float[] unit = embedForQuery(text);
    if (unit == null) {
      return Optional.empty();
    }
    long start = ticker.nanoTime();
    Optional<Recall> best = searchUntimed(unit, 1, minScore(threshold), null, null, Visibility.CURRENT, FIRST);
    timed(TimingRecorder.QUERY_STORE, ticker.nanoTime() - start);
    return atOrAbove(best, threshold);
  }

  /** As {@link #match}, for a vector the caller embedded. */
  @Override
  public Optional<Recall> matchVector(float[] query, double threshold) {
    return matchVector(query, threshold, null, (MetadataFilter) null);
  }

  /** As {@link #matchVector(float[], double)} among one kind's items: as allocation-free when it misses. */
  @Override
  public Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind) {
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
  public Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind, String identity) {
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
    Optional<Recall> best = searchUntimed(unit, 1, minScore(threshold), identity, filter, Visibility.CURRENT, FIRST);
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
      access.countZeroVectorQuery();
      return null;
    }
    return UnitVectors.unit(vector, squaredNorm, true);
  }

  /** How many candidates per result a recency-weighted search reorders, and at least how many. */
  private static final int DECAY_WIDTH = 8;
  private static final int DECAY_FLOOR = 32;

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
      Visibility visibility, BiFunction<MemoryCore, SearchBuffers, T> answer) {
    SearchBuffers buffers = access.takeBuffers();
    long searches = buffers.searches();
    long reranked = buffers.reranked();
    boolean touches = core.tracksRecency();
    access.beginRead(touches);
    try {
      ensureOpen("search");
      // k asks for at most k: never more than the memory holds, so no buffer is sized by a caller's number (a
      // peer's Search with k = Integer.MAX_VALUE was an OutOfMemoryError, and Pekko exits the JVM on one)
      int bounded = Math.min(k, Math.max(1, core.size()));
      if (identity == null) {
        core.search(unit, bounded, minScore, filter, visibility, buffers);
      } else {
        core.searchIdentity(unit, identity, bounded, minScore, filter, visibility, buffers);
      }
      return answer.apply(core, buffers);
    } finally {
      access.endRead(touches);
      access.giveBack(buffers, searches, reranked);
    }
  }

  /** A hybrid recall, exclusively: BM25 reuses its score buffers, so two may not run at once. */
  private List<Recall> hybridUntimed(float[] unit, MemoryQuery query, float minScore, Visibility visibility) {
    if (!core.lexical()) {
      throw new IllegalStateException("this memory keeps no lexical index, so it cannot answer a hybrid recall: "
          + "build it with WorkingMemory.builder(embedder).lexical()");
    }
    SearchBuffers buffers = access.takeBuffers();
    long searches = buffers.searches();
    long reranked = buffers.reranked();
    access.beginRead(true);
    try {
      ensureOpen("search");
      return core.hybrid(unit, query.text(), Math.min(query.k(), Math.max(1, core.size())),
          Math.max(MemoryQuery.HYBRID_DEPTH, query.k()), minScore, query.screen(), visibility, buffers);
    } finally {
      access.endRead(true);
      access.giveBack(buffers, searches, reranked);
    }
  }

  @Override
  public List<MemoryItem> items() {
    return read("items", null, (items, unused) -> items.items());
  }

  @Override
  public Optional<MemoryItem> item(String id) {
    ensureOpen("item");
    Inputs.id(id);
    return read("item", id, MemoryCore::item);
  }

  @Override
  public Optional<float[]> vector(String id) {
    ensureOpen("vector");
    Inputs.id(id);
    return read("vector", id, MemoryCore::vector);
  }

  // --- removal, size, lifecycle ---

  @Override
  public boolean remove(String id) {
    ensureOpen("remove");
    Inputs.id(id);
    return write("remove", id, MemoryCore::remove);
  }

  @Override
  public int removeAll(MetadataFilter filter) {
    ensureOpen("removeAll");
    Inputs.filter(filter);
    return write("removeAll", filter, MemoryCore::removeAll);
  }

  @Override
  public void clear() {
    write("clear", null, (items, unused) -> {
      items.clear();
      return null;
    });
  }

  @Override
  public boolean supersedes() {
    return true;
  }

  @Override
  public List<MemoryVersion> history(String subject) {
    ensureOpen("history");
    String normal = MemoryLifecycle.checkSubject(subject, "subject");
    return read("history", normal, MemoryCore::history);
  }

  @Override
  public int removeSubject(String subject) {
    ensureOpen("removeSubject");
    String normal = MemoryLifecycle.checkSubject(subject, "subject");
    return write("removeSubject", normal, MemoryCore::removeSubject);
  }

  @Override
  public int purgeExpired() {
    return write("purgeExpired", null, (items, unused) -> items.purgeExpired(items.now()));
  }

  @Override
  public boolean answersHybrid() {
    return core.lexical();
  }

  @Override
  public int size() {
    return read("size", null, (items, unused) -> items.size());
  }

  @Override
  public MemoryTimings timings() {
    ensureOpen("timings");
    return recorder.snapshot();
  }

  @Override
  public MemoryStats stats() {
    return read("stats", access, (items, discipline) -> discipline.stats(items.size(), items.evictions()));
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void close() {
    access.beginWrite();
    try {
      if (!closed) {
        closed = true;
        core.release();
        recorder.release();
        access.release();
      }
    } finally {
      access.endWrite();
    }
  }

  private void ensureOpen(String operation) {
    if (closed) {
      throw new MemoryClosedException(operation);
    }
  }
}
