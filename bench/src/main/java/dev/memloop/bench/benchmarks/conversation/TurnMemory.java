package dev.memloop.bench.benchmarks.conversation;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.index.LexicalIndex;
import java.util.HashMap;
import java.util.Map;

/**
 * One conversation's (or haystack's) turns, held for a benchmark the three ways {@link TurnRecall} reads them: a
 * memory built lexical (for the vector search and the memory's own hybrid recall) and a BM25 index of the
 * benchmark's own. Each add is timed into the ingest counters of the methods it serves. Not thread-safe.
 */
final class TurnMemory implements AutoCloseable {

  private final WorkingMemory memory;
  private final LexicalIndex lexical = new LexicalIndex();
  private final Map<String, Integer> turnOfId = new HashMap<>();
  private final long[] ingestNanos;
  private int turns;

  /** @param ingestNanos by {@link TurnRecall#METHODS}' order, added to by every add */
  TurnMemory(Embedder embedder, long[] ingestNanos) {
    this.memory = WorkingMemory.builder(embedder).lexical().build();
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
    return t;
  }

  /** The turns {@code method} recalls for {@code query}, best first, as ordinals. */
  long[] recall(String method, String query, int k) {
    return TurnRecall.recall(method, query, k, memory, lexical, turnOfId);
  }

  @Override
  public void close() {
    memory.close();
  }
}
