package dev.memloop.memory;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An agent's semantic working memory: allocated in-process, not connected to, and cheap enough (a few
 * microseconds per operation) to read and write on every reasoning step.
 *
 * <pre>{@code
 * try (WorkingMemory memory = WorkingMemory.allocate(embedder)) {
 *   memory.add("investigate host=web-03 sig=ssh-bruteforce");
 *   if (memory.seen("investigate host=web-03 sig=ssh-bruteforce", 0.95)) { ... skip the duplicate ... }
 *   List<Recall> related = memory.recall("ssh on web-03", 8);
 * }
 * }</pre>
 *
 * <p>Every read is a {@link MemoryQuery} given to {@link #search(MemoryQuery)}; {@code recall}, {@code match} and
 * {@code seen} are shorthands (an implementation may answer them faster, never differently). Similarity is cosine,
 * in [-1, 1], higher is closer; results come best first, ties to the item added earlier. Ids are unique and never overwritten: adding under an id that exists throws
 * {@link DuplicateIdException}. Bad input throws {@link IllegalArgumentException} naming the value and
 * leaves the memory unchanged; any use after {@link #close()} throws {@link MemoryClosedException}.
 * Embedding and store work are timed apart ({@link #timings()}).
 *
 * <p>The default memory is single-owner and lock-free: one thread (one actor) at a time. The builder's
 * {@link WorkingMemoryBuilder#threadSafe()} gives one that many threads may read and write at once.
 */
public interface WorkingMemory extends AutoCloseable {

  /** A single-owner memory with the defaults: exact index, unbounded. */
  static WorkingMemory allocate(Embedder embedder) {
    return builder(embedder).build();
  }

  /** A builder for a memory that embeds text with {@code embedder}. */
  static WorkingMemoryBuilder builder(Embedder embedder) {
    return new WorkingMemoryBuilder(embedder);
  }

  /** A builder for a memory of pre-embedded vectors only: text operations need an embedder and fail. */
  static WorkingMemoryBuilder builder(int dimension) {
    return new WorkingMemoryBuilder(dimension);
  }

  /** The dimension of every stored vector. */
  int dimension();

  /** Embeds and stores {@code text}; returns its new id. */
  String add(String text);

  /** Embeds and stores {@code text} with metadata (String, UUID, Integer, Long, Float or Double values). */
  String add(String text, Map<String, ?> metadata);

  /**
   * Embeds and stores a write that knows time ({@link MemoryWrite}): with a subject, it supersedes the current item
   * of the same kind and author on that subject, which then answers only {@link MemoryQuery#asOf} and
   * {@link MemoryQuery#includeSuperseded} reads and {@link #history}. Returns the new id.
   *
   * @throws IllegalStateException when the write asks for time and this memory keeps none ({@link #supersedes()})
   */
  default String write(MemoryWrite write) {
    if (write == null) {
      throw new IllegalArgumentException("write must not be null");
    }
    if (write.inTime()) {
      throw new IllegalStateException(getClass().getSimpleName() + " keeps no subjects or validity times, so it "
          + "cannot take a subject, valid_from or ttl; use an in-process WorkingMemory");
    }
    return add(write.text(), write.metadata());
  }

  /**
   * Whether this memory keeps items in time ({@link MemoryLifecycle}): supersedes by subject, answers
   * {@link MemoryQuery#asOf} and {@link #history}, expires items. A memory that does not refuses those by name.
   */
  default boolean supersedes() {
    return false;
  }

  /**
   * Every version of {@code subject} (matched by {@link MemoryLifecycle#normalize its normal form}), each chain of a
   * kind and an author from its first version to its current one, with their intervals.
   */
  default List<MemoryVersion> history(String subject) {
    throw new IllegalStateException(getClass().getSimpleName() + " keeps no subjects, so it has no history");
  }

  /** Removes every version of {@code subject}, of any kind and author; returns how many. */
  default int removeSubject(String subject) {
    throw new IllegalStateException(getClass().getSimpleName() + " keeps no subjects to remove by");
  }

  /**
   * Removes every expired item now; returns how many. (A memory also purges them on its next write once one is
   * due, and never answers one meanwhile.)
   */
  default int purgeExpired() {
    return 0;
  }

  /** Stores all texts or, if any is bad or the memory cannot take them all, none. Returns ids in order. */
  List<String> addAll(List<String> texts);

  /**
   * Stores a pre-embedded vector (copied; any non-zero length, normalized here) with optional text (null or
   * non-blank). Returns its new id.
   */
  String addVector(float[] vector, String text, Map<String, ?> metadata);

  /** As {@link #addVector(float[], String, Map)} under a caller-chosen id, which must not be stored yet. */
  String addVector(String id, float[] vector, String text, Map<String, ?> metadata);

  /**
   * The one read every other read is a shorthand for: the items {@code query} asks for, best first (ties to the item
   * added earlier), each at or above its minimum score; empty when a text query embeds to the zero vector.
   *
   * @throws IllegalArgumentException naming the value: a null query, a vector of another dimension, zero or not
   *     finite
   */
  List<Recall> search(MemoryQuery query);

  /** The {@code k} items most similar to {@code query}, best first; empty if it embeds to the zero vector. */
  default List<Recall> recall(String query, int k) {
    return search(MemoryQuery.text(query).k(k).build());
  }

  /** As {@link #recall(String, int)}, among items whose metadata passes {@code filter}. */
  default List<Recall> recall(String query, int k, MetadataFilter filter) {
    return search(MemoryQuery.text(query).k(k).filter(filter).build());
  }

  /** The {@code k} items most similar to a query vector (any non-zero length), best first. */
  default List<Recall> recallVector(float[] query, int k) {
    return search(MemoryQuery.vector(query).k(k).build());
  }

  /** As {@link #recallVector(float[], int)}, among items whose metadata passes {@code filter}. */
  default List<Recall> recallVector(float[] query, int k, MetadataFilter filter) {
    return search(MemoryQuery.vector(query).k(k).filter(filter).build());
  }

  /** The most similar item if its similarity is at least {@code threshold} (in [-1, 1]). */
  default Optional<Recall> match(String text, double threshold) {
    Inputs.threshold(threshold);
    return first(search(MemoryQuery.text(text).minScore(threshold).build()));
  }

  /**
   * {@link #match} for a query embedded by the caller (not modified): lets a guard time its embedder and the
   * store apart, or embed once and ask a store elsewhere.
   */
  default Optional<Recall> matchVector(float[] query, double threshold) {
    Inputs.threshold(threshold);
    return first(search(MemoryQuery.vector(query).minScore(threshold).build()));
  }

  /**
   * {@link #matchVector(float[], double)} among the items of {@code kind} only: the runtime's guards, which match
   * executed actions (or tool calls) and never the notes beside them.
   */
  default Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind) {
    Inputs.threshold(threshold);
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    return first(search(MemoryQuery.vector(query).minScore(threshold).kinds(kind).build()));
  }

  /**
   * {@link #matchVector(float[], double, MemoryKind)} among the items of one identity ({@link ItemIdentity}): the
   * action guard's lookup, which finds a repeat only among the actions about the same thing. {@link ItemIdentity#NONE}
   * asks among the items that carry no identity.
   */
  default Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind, String identity) {
    Inputs.threshold(threshold);
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    return first(search(MemoryQuery.vector(query).minScore(threshold).kinds(kind).identity(identity).build()));
  }

  /** Whether an item at least {@code threshold}-similar to {@code text} is stored: the loop guard's question. */
  default boolean seen(String text, double threshold) {
    return match(text, threshold).isPresent();
  }

  private static Optional<Recall> first(List<Recall> found) {
    return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
  }

  /** A copy of the stored (unit-length) vector of {@code id}. */
  Optional<float[]> vector(String id);

  /**
   * Every item, oldest first, as copies: a snapshot from which the memory can be rebuilt with the same ids (an
   * agent's memory moving to another node does). O(n); not for the hot path.
   */
  java.util.List<MemoryItem> items();

  /**
   * A copy of the item stored as {@code id}, as {@link #items()} gives it (with its record time), or empty when none
   * is (or it expired).
   */
  default Optional<MemoryItem> item(String id) {
    return items().stream().filter(item -> item.id().equals(id)).findFirst();
  }

  /** Removes {@code id}; false if it was not stored. */
  boolean remove(String id);

  /** Removes every item whose metadata passes {@code filter}; returns how many. */
  int removeAll(MetadataFilter filter);

  /** Removes every item. */
  void clear();

  /** Number of items stored. */
  int size();

  /**
   * Whether this memory answers a hybrid recall ({@link MemoryQuery#hybrid()}): it keeps a lexical index beside its
   * vectors ({@code WorkingMemoryBuilder.lexical()}). A memory that does not refuses such a query by name.
   */
  default boolean answersHybrid() {
    return false;
  }

  /**
   * Durations of the operations so far, embedding apart from store work; empty for a memory built
   * {@code untimed()}.
   */
  MemoryTimings timings();

  /** Counters: evictions, queries that embedded to nothing, searches and exact re-ranks. */
  MemoryStats stats();

  boolean isClosed();

  /** Releases the memory; idempotent. Every other method then throws {@link MemoryClosedException}. */
  @Override
  void close();
}
