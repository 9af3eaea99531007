package dev.memloop.memory;

import dev.memloop.memory.index.ExactIndex;
import dev.memloop.memory.index.HnswVectorIndex;
import dev.memloop.memory.index.PooledIndex;
import dev.memloop.memory.index.VectorIndex;
import dev.memloop.memory.timing.SampleReservoir;
import dev.memloop.memory.timing.Ticker;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Configures a {@link WorkingMemory}. Every setter checks its value at once and names it when it is bad.
 * Defaults: {@link IndexKind#EXACT}, unbounded, single-owner, system ticker, 8,192 timing samples per
 * operation kind, ids {@code m<n>-<seq>} unique within the JVM.
 */
public final class WorkingMemoryBuilder {

  private static final AtomicLong MEMORIES = new AtomicLong();

  private final Embedder embedder;
  private int dimension;
  private IndexKind index = IndexKind.EXACT;
  private HnswVectorIndex.Parameters hnsw = HnswVectorIndex.Parameters.DEFAULT;
  private int capacity = Integer.MAX_VALUE;
  private Eviction eviction = Eviction.NONE;
  private dev.memloop.memory.index.TextAnalysis lexical; // null: no lexical side
  private int lexicalContext = LexicalSide.DEFAULT_CONTEXT;
  private boolean threadSafe;
  private Ticker ticker = Ticker.system();
  private int timingSamples = SampleReservoir.DEFAULT_CAPACITY;
  private boolean untimed;
  private String idPrefix;
  private int expectedSize = 16;
  private ContentPool pool;
  private java.time.Clock clock = java.time.Clock.systemUTC();
  private final java.util.Map<MemoryKind, java.time.Duration> ttls = new java.util.EnumMap<>(MemoryKind.class);
  private java.time.Duration validFromSkew = LifecyclePolicy.DEFAULT_SKEW;

  WorkingMemoryBuilder(Embedder embedder) {
    if (embedder == null) {
      throw new IllegalArgumentException("embedder must not be null (use WorkingMemory.builder(dimension) "
          + "for a memory of pre-embedded vectors)");
    }
    int d = embedder.dimension();
    if (d <= 0) {
      throw new IllegalArgumentException("embedder " + embedder.name() + " reports dimension " + d + "; must be > 0");
    }
    this.embedder = embedder;
    this.dimension = d;
  }

  WorkingMemoryBuilder(int dimension) {
    this.embedder = null;
    this.dimension = checkDimension(dimension);
  }

  /** Checks the dimension against the embedder's (or sets it for a vector-only memory). */
  public WorkingMemoryBuilder dimension(int dimension) {
    checkDimension(dimension);
    if (embedder != null && dimension != embedder.dimension()) {
      throw new IllegalArgumentException("dimension " + dimension + " != embedder " + embedder.name()
          + " dimension " + embedder.dimension());
    }
    this.dimension = dimension;
    return this;
  }

  public WorkingMemoryBuilder index(IndexKind index) {
    this.index = notNull(index, "index");
    return this;
  }

  /** HNSW graph parameters, used when the index is {@link IndexKind#HNSW}. */
  public WorkingMemoryBuilder hnsw(HnswVectorIndex.Parameters parameters) {
    this.hnsw = notNull(parameters, "hnsw parameters");
    return this;
  }

  /** At most {@code capacity} items; what happens beyond is the {@link #eviction(Eviction)}. */
  public WorkingMemoryBuilder capacity(int capacity) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("capacity must be > 0: " + capacity);
    }
    this.capacity = capacity;
    return this;
  }

  /** What an add does at capacity; {@link Eviction#NONE} (the default) refuses it. */
  public WorkingMemoryBuilder eviction(Eviction eviction) {
    this.eviction = notNull(eviction, "eviction");
    return this;
  }

  /** Builds the thread-safe memory instead of the single-owner one. */
  public WorkingMemoryBuilder threadSafe() {
    this.threadSafe = true;
    return this;
  }

  /** The clock for operation timings (tests pass a manual one). */
  public WorkingMemoryBuilder ticker(Ticker ticker) {
    this.ticker = notNull(ticker, "ticker");
    return this;
  }

  /** Raw samples kept per operation kind before reservoir sampling starts. */
  public WorkingMemoryBuilder timingSamples(int samples) {
    if (samples <= 0) {
      throw new IllegalArgumentException("timing samples must be > 0: " + samples);
    }
    this.timingSamples = samples;
    return this;
  }

  /**
   * Keeps no operation timings: {@link WorkingMemory#timings()} stays empty (each operation's JFR event is still
   * emitted when recording). For a memory whose owner times its own calls, as an agent's step loop does: a timed
   * memory keeps two sample arrays for its first writes and searches (about 0.6 KiB for a dozen items), which a
   * fleet of a million agents would pay for nothing.
   */
  public WorkingMemoryBuilder untimed() {
    this.untimed = true;
    return this;
  }

  /**
   * How many items the memory is expected to hold: its arrays start at that size instead of growing into
   * it (a hint, like an {@code ArrayList}'s initial capacity; 16 by default).
   */
  public WorkingMemoryBuilder expectedSize(int items) {
    if (items <= 0) {
      throw new IllegalArgumentException("expected size must be > 0: " + items);
    }
    this.expectedSize = items;
    return this;
  }

  /**
   * Generated ids are this prefix followed by a sequence number. Choose a prefix unique across
   * processes when ids of several memories meet (a cluster, a shared store).
   */
  public WorkingMemoryBuilder idPrefix(String prefix) {
    if (prefix == null || prefix.isBlank()) {
      throw new IllegalArgumentException("id prefix must not be null or blank: " + Inputs.show(prefix));
    }
    this.idPrefix = prefix;
    return this;
  }

  /**
   * Keeps a BM25 index of the items' texts beside the vectors, updated on every add, remove and eviction, so that
   * the memory answers hybrid recalls ({@code MemoryQuery.Builder.hybrid()}); texts and queries are read by Lucene's
   * English analysis ({@link dev.memloop.memory.index.TextAnalysis#english()}: stop words dropped, Porter stemming).
   * It costs each add an analysis (microseconds for a sentence) and holds each text's terms; off by default.
   */
  public WorkingMemoryBuilder lexical() {
    return lexical(dev.memloop.memory.index.TextAnalysis.english());
  }

  /** As {@link #lexical()}, reading texts and queries with {@code analysis} (another language's chain, say). */
  public WorkingMemoryBuilder lexical(dev.memloop.memory.index.TextAnalysis analysis) {
    if (analysis == null) {
      throw new IllegalArgumentException("the lexical side's text analysis must not be null");
    }
    this.lexical = analysis;
    return this;
  }

  /**
   * How many items BM25 reads with each item: the ones its writer added just before it, of its kind (an author's
   * notes, a conversation's turns), so that a turn that answers "yes, last Tuesday" is found by the words of the
   * question before it. {@value LexicalSide#DEFAULT_CONTEXT} by default (on LoCoMo it raised the hybrid recall's hit@10
   * from 0.679 to 0.751; docs/BENCHMARKS.md); 0 reads each item alone. Only BM25 reads the context: an item's vector
   * and text are its own, and a removed item's words stop matching its followers at once.
   *
   * @param items in [0, {@value LexicalSide#MAX_CONTEXT}]
   */
  public WorkingMemoryBuilder lexicalContext(int items) {
    if (items < 0 || items > LexicalSide.MAX_CONTEXT) {
      throw new IllegalArgumentException("lexicalContext must be in [0, " + LexicalSide.MAX_CONTEXT + "] items: "
          + items);
    }
    this.lexicalContext = items;
    return this;
  }

  /**
   * Stores vectors and texts equal to ones already in {@code pool} as references to the pool's: for many memories
   * that remember the same content (a fleet acting on one catalog). Results and scores are unchanged; searches scan
   * in float at every size. Needs the exact or flat index and the pool's dimension.
   */
  public WorkingMemoryBuilder sharing(ContentPool pool) {
    this.pool = notNull(pool, "content pool");
    return this;
  }

  /**
   * The wall clock items are recorded, expire and are current by ({@link MemoryLifecycle}); the system's UTC clock by
   * default. A test gives a {@link dev.memloop.memory.timing.ManualClock} and moves it by hand.
   */
  public WorkingMemoryBuilder clock(java.time.Clock clock) {
    this.clock = notNull(clock, "clock");
    return this;
  }

  /**
   * Items of {@code kind} expire {@code ttl} after they are recorded, unless a write gives its own time to live:
   * never answered after, and purged (configured as {@code memloop.memory.ttl.<kind>}). None by default.
   */
  public WorkingMemoryBuilder ttl(MemoryKind kind, java.time.Duration ttl) {
    notNull(kind, "kind");
    if (ttl == null || ttl.isZero() || ttl.isNegative()) {
      throw new IllegalArgumentException("ttl for " + kind + " must be a positive duration: " + ttl);
    }
    ttls.put(kind, ttl);
    return this;
  }

  /**
   * How far past its record time a write's valid-from may lie (a writer's clock running ahead); 5 minutes by
   * default. A valid-from further ahead is refused by name.
   */
  public WorkingMemoryBuilder validFromSkew(java.time.Duration skew) {
    if (skew == null || skew.isNegative()) {
      throw new IllegalArgumentException("validFromSkew must be zero or a positive duration: " + skew);
    }
    this.validFromSkew = skew;
    return this;
  }

  public WorkingMemory build() {
    if (pool != null) {
      checkSharable();
    }
    IdPrefix prefix = idPrefix != null ? IdPrefix.of(idPrefix) : IdPrefix.numbered(MEMORIES.incrementAndGet());
    int presize = Math.min(expectedSize, capacity);
    java.time.Clock wall = clock;
    MemoryCore core = new MemoryCore(newIndex(presize), capacity, eviction, prefix, presize, lexical,
        lexicalContext,
        pool == null ? null : pool::text, wall::millis,
        ttls.isEmpty() && validFromSkew.equals(LifecyclePolicy.DEFAULT_SKEW) ? LifecyclePolicy.NONE
            : new LifecyclePolicy(ttls, validFromSkew));
    return new CoreWorkingMemory(embedder, dimension, ticker, core,
        threadSafe ? new LockedAccess() : new SingleOwnerAccess(),
        untimed ? Recorder.DISABLED : new TimingRecorder(timingSamples));
  }

  private void checkSharable() {
    if (index == IndexKind.HNSW) {
      throw new IllegalStateException("sharing(pool) needs the exact or flat index; index = HNSW keeps its own copy "
          + "of every vector");
    }
    if (pool.dimension() != dimension) {
      throw new IllegalStateException("content pool dimension " + pool.dimension() + " != memory dimension "
          + dimension);
    }
  }

  private VectorIndex newIndex(int presize) {
    if (pool != null) {
      return new PooledIndex(dimension, presize, pool::vector);
    }
    switch (index) {
      case EXACT:
        return ExactIndex.create(dimension, presize);
      case FLAT:
        return ExactIndex.flat(dimension, presize);
      case HNSW:
        requireHnswlib();
        return new HnswVectorIndex(dimension, hnsw);
      default:
        throw new AssertionError(index);
    }
  }

  /** hnswlib-core is optional (three jars the default exact index does not need): asked for, it must be there. */
  private static void requireHnswlib() {
    if (WorkingMemoryBuilder.class.getClassLoader().getResource(HNSWLIB_CLASS) == null) {
      throw new IllegalStateException("index = HNSW needs com.github.jelmerk:hnswlib-core (1.2.1) on the class "
          + "path, an optional dependency of memloop; add it, or use the exact index (the default)");
    }
  }

  private static final String HNSWLIB_CLASS = "com/github/jelmerk/hnswlib/core/hnsw/HnswIndex.class";

  private static int checkDimension(int dimension) {
    if (dimension <= 0) {
      throw new IllegalArgumentException("dimension must be > 0: " + dimension);
    }
    return dimension;
  }

  private static <T> T notNull(T value, String name) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
    return value;
  }
}
