package dev.memloop.blackboard;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.MemoryStats;
import dev.memloop.memory.MemoryTimings;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A blackboard's posts in segments, as Lucene keeps an index: when the newest segment is full it is sealed
 * and never written again, and a new one takes the writes. Readers scan sealed segments under read locks that
 * no writer ever takes; only the newest segment is shared between the one writer (the blackboard actor) and
 * the readers. A post therefore waits at most for reads of one segment, never for scans of the whole board:
 * with a single thread-safe memory, readers scanning a board of a million posts held its read lock almost
 * without pause and the writer starved.
 *
 * <p>Ids are {@code bb-<n>} in post order, so the segment of a post follows from its id. Written by one
 * thread at a time (the blackboard actor); read by any number.
 */
final class BoardMemory implements AutoCloseable {

  static final int DEFAULT_SEGMENT_SIZE = 4096;
  private static final Comparator<Recall> MOST_SIMILAR_FIRST = Comparator.comparingDouble(Recall::similarity).reversed();

  private final Embedder embedder;
  private final int segmentSize;
  private volatile WorkingMemory[] segments; // replaced, never changed in place: a reader's copy stays valid
  private volatile int size;
  private volatile boolean closed;

  BoardMemory(Embedder embedder, int segmentSize) {
    if (segmentSize <= 0) {
      throw new IllegalArgumentException("segment size must be > 0: " + segmentSize);
    }
    this.embedder = embedder;
    this.segmentSize = segmentSize;
    this.segments = new WorkingMemory[] {segment()};
  }

  private WorkingMemory segment() {
    return WorkingMemory.builder(embedder).threadSafe().expectedSize(Math.min(segmentSize, 1024)).build();
  }

  int dimension() {
    return embedder.dimension();
  }

  /**
   * Adds a post (embedding {@code text} when {@code vector} is null) and returns its id. Only the blackboard
   * actor calls this. A refused post (blank text, NaN or wrong-length vector) throws and takes no id.
   */
  String add(float[] vector, String text, Map<String, ?> metadata) {
    if (closed) {
      throw new IllegalStateException("the blackboard's memory is closed");
    }
    if (vector == null) {
      if (text == null || text.isBlank()) {
        throw new IllegalArgumentException("text must not be null or blank: " + (text == null ? "null" : "'" + text + "'"));
      }
      vector = embedder.embed(text);
      if (isZero(vector)) {
        throw new IllegalArgumentException("text embeds to the zero vector (no known token): '" + text + "'");
      }
    }
    WorkingMemory[] current = segments;
    WorkingMemory active = current[current.length - 1];
    if (active.size() >= segmentSize) { // seal it: published before the first write to its successor
      current = Arrays.copyOf(current, current.length + 1);
      current[current.length - 1] = segment();
      segments = current;
      active = current[current.length - 1];
    }
    String id = "bb-" + (size + 1);
    active.addVector(id, vector, text, metadata);
    size++; // only the writer writes it
    return id;
  }

  Optional<Recall> match(String text, double threshold) {
    float[] query = embedQuery(text);
    return query == null ? Optional.empty() : matchVector(query, threshold);
  }

  Optional<Recall> matchVector(float[] query, double threshold) {
    return matchVector(query, threshold, null);
  }

  /** The best post at or above {@code threshold} across the segments, of {@code kind} (null: any kind). */
  Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind) {
    return matchVector(query, threshold, kind, null);
  }

  /** As {@link #matchVector(float[], double, MemoryKind)}, of {@code identity} when not null (kind not null then). */
  Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind, String identity) {
    Recall best = null;
    for (WorkingMemory segment : segments) {
      Recall found = (kind == null ? segment.matchVector(query, threshold)
          : identity == null ? segment.matchVector(query, threshold, kind)
          : segment.matchVector(query, threshold, kind, identity)).orElse(null);
      if (found != null && (best == null || found.similarity() > best.similarity())) {
        best = found;
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * Any read, across the segments: a text is embedded once, then each segment's k best are merged (a stable sort
   * keeps post order on ties).
   */
  List<Recall> search(MemoryQuery query) {
    if (query == null) {
      throw new IllegalArgumentException("query must not be null");
    }
    if (query.isNearestMatch()) { // the guard's question: segment by segment, nothing allocated on a miss
      Optional<Recall> best = matchVector(query.vector(), query.minScore(), query.soleKind(), query.identity());
      return best.isPresent() ? List.of(best.get()) : List.of();
    }
    WorkingMemory[] current = segments;
    if (current.length == 1) {
      return current[0].search(query);
    }
    MemoryQuery byVector = query;
    if (query.isText()) {
      float[] vector = embedQuery(query.text());
      if (vector == null) {
        return List.of();
      }
      byVector = query.withVector(vector);
    }
    List<Recall> merged = new ArrayList<>();
    for (WorkingMemory segment : current) {
      merged.addAll(segment.search(byVector));
    }
    merged.sort(MOST_SIMILAR_FIRST);
    return merged.size() <= query.k() ? merged : List.copyOf(merged.subList(0, query.k()));
  }

  Optional<float[]> vector(String id) {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("id must not be null or blank: " + (id == null ? "null" : "'" + id + "'"));
    }
    long n = number(id);
    WorkingMemory[] current = segments;
    long segment = (n - 1) / segmentSize;
    return n <= 0 || segment >= current.length ? Optional.empty() : current[(int) segment].vector(id);
  }

  int size() {
    return size;
  }

  /** Every post, in post order. */
  List<dev.memloop.memory.MemoryItem> items() {
    List<dev.memloop.memory.MemoryItem> out = new ArrayList<>(size);
    for (WorkingMemory segment : segments) {
      out.addAll(segment.items());
    }
    return out;
  }

  /** Counters summed over the segments. */
  MemoryStats stats() {
    int items = 0;
    long evictions = 0, zeroVectorQueries = 0, searches = 0, reranked = 0;
    for (WorkingMemory segment : segments) {
      MemoryStats s = segment.stats();
      items += s.size();
      evictions += s.evictions();
      zeroVectorQueries += s.zeroVectorQueries();
      searches += s.searches();
      reranked += s.reranked();
    }
    return new MemoryStats(items, evictions, zeroVectorQueries, searches, reranked);
  }

  /** Timings of the newest segment: percentiles do not add up across segments. */
  MemoryTimings timings() {
    WorkingMemory[] current = segments;
    return current[current.length - 1].timings();
  }

  int segmentCount() {
    return segments.length;
  }

  boolean isClosed() {
    return closed;
  }

  @Override
  public void close() {
    closed = true;
    for (WorkingMemory segment : segments) {
      segment.close();
    }
  }

  /** The query as a vector, or null when it embeds to the zero vector (no known token: nothing is similar). */
  private float[] embedQuery(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("query must not be null or blank: " + (text == null ? "null" : "'" + text + "'"));
    }
    float[] vector = embedder.embed(text);
    return isZero(vector) ? null : vector;
  }

  private static boolean isZero(float[] vector) {
    for (float x : vector) {
      if (x != 0) {
        return false;
      }
    }
    return true;
  }

  private static long number(String id) {
    if (!id.startsWith("bb-")) {
      return -1;
    }
    try {
      return Long.parseLong(id, 3, id.length(), 10);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
