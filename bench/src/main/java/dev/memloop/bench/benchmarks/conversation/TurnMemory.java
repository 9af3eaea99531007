package dev.memloop.bench.benchmarks.conversation;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.index.LexicalIndex;
import dev.memloop.memory.index.TextAnalysis;
import dev.memloop.runtime.patterns.AdaptiveRecall;
import dev.memloop.runtime.patterns.FollowUpRecall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One conversation's (or haystack's) turns, held for a benchmark the three ways {@link TurnRecall} reads them: a
 * memory built lexical (for the vector search and the memory's own hybrid recall) and a BM25 index of the
 * benchmark's own. Each add is timed into the ingest counters of the methods it serves. Not thread-safe.
 */
final class TurnMemory implements AutoCloseable {

  private final WorkingMemory memory;
  private final LexicalIndex lexical;
  private final Map<String, Integer> turnOfId = new HashMap<>();
  private final List<String> texts = new ArrayList<>();
  private final long[] ingestNanos;
  private int turns;

  /** With Lucene's English analysis, the memory's default. */
  TurnMemory(Embedder embedder, long[] ingestNanos) {
    this(embedder, ingestNanos, TextAnalysis.english());
  }

  /**
   * @param ingestNanos by {@link TurnRecall#METHODS}' order, added to by every add
   * @param analysis how BM25 reads turns and questions, for the memory's hybrid recall and the benchmark's own index
   */
  TurnMemory(Embedder embedder, long[] ingestNanos, TextAnalysis analysis) {
    this.memory = WorkingMemory.builder(embedder).lexical(analysis).build();
    this.lexical = new LexicalIndex(analysis);
    this.ingestNanos = ingestNanos;
  }

  /** Adds one turn's item; returns its ordinal, by which recalls name it. */
  int add(String item) {
    int t = turns++;
    long start = System.nanoTime();
    String id = memory.add(item);
    long inMemory = System.nanoTime() - start;
    start = System.nanoTime();
    lexical.add(t, item);
    long bm25 = System.nanoTime() - start;
    ingestNanos[0] += inMemory; // vector: the memory's add (its lexical index included)
    ingestNanos[1] += bm25;
    ingestNanos[2] += inMemory; // fused: the memory's own hybrid recall, the same add
    turnOfId.put(id, t);
    texts.add(item);
    return t;
  }

  /** Recalls of each method a warm-up makes at most. */
  static final int WARM_UP_CALLS = 20_000;
  /** The time each method's warm-up takes at most. */
  static final long WARM_UP_NANOS = 2_000_000_000L;

  /**
   * Recalls {@code queries} (in turn, again and again) by each method, untimed and unscored, until
   * {@link #WARM_UP_CALLS} were made or {@link #WARM_UP_NANOS} passed: the JIT compiles a recall's code after some
   * thousands of calls, and a benchmark of 1,500 questions would otherwise time mostly the interpreter (a fused
   * recall measured 3 times slower at the median without it).
   */
  void warmUp(List<String> queries, int k) {
    if (queries.isEmpty()) {
      return;
    }
    for (String method : TurnRecall.METHODS) {
      long end = System.nanoTime() + WARM_UP_NANOS;
      for (int i = 0; i < WARM_UP_CALLS && System.nanoTime() < end; i++) {
        recall(method, queries.get(i % queries.size()), k);
      }
    }
  }

  /** The turns {@code method} recalls for {@code query}, best first, as ordinals. */
  long[] recall(String method, String query, int k) {
    return TurnRecall.recall(method, query, k, memory, lexical, turnOfId);
  }

  /** The item of turn {@code turn}, as added. */
  String text(int turn) {
    return texts.get(turn);
  }

  /** The runtime's adaptive recall over these turns' memory. */
  AdaptiveRecall adaptive(Embedder embedder, AdaptiveRecall.Settings settings) {
    return new AdaptiveRecall(memory, embedder, settings);
  }

  /** The next of {@code reading}'s reads, on these turns' memory; false when it has made them all. */
  boolean next(FollowUpRecall.Reading reading) {
    return reading.next(memory);
  }

  /** {@code found} as turn ordinals, in its order. */
  long[] ordinals(List<dev.memloop.memory.Recall> found) {
    return TurnRecall.ids(found, turnOfId);
  }

  /** What {@code adaptive} (of {@link #adaptive}) recalls for {@code query}, best first, as ordinals. */
  long[] adaptiveRecall(AdaptiveRecall adaptive, String query) {
    return TurnRecall.ids(adaptive.recall(query), turnOfId);
  }

  @Override
  public void close() {
    memory.close();
  }
}
