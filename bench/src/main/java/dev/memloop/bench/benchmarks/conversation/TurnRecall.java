package dev.memloop.bench.benchmarks.conversation;

import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.index.LexicalIndex;
import dev.memloop.memory.index.RankFusion;
import java.util.List;
import java.util.Map;

/**
 * The three ways a benchmark recalls turns: the embedder's vector search ({@code vector}), BM25 over the same turns
 * ({@code bm25}, a {@link LexicalIndex} of the benchmark's), and the memory's own hybrid recall ({@code fused}: the
 * two fused by {@link RankFusion} over each one's top {@link #FUSION_DEPTH}, a memory built
 * {@code lexical()}). Turns are named by their ordinal in the memory's order of adds. Stateless.
 */
final class TurnRecall {

  /** How many of each search's results a fusion reads. */
  static final int FUSION_DEPTH = MemoryQuery.HYBRID_DEPTH;
  /** The recall methods, in the order they are reported. */
  static final List<String> METHODS = List.of("vector", "bm25", "fused");

  private TurnRecall() {}

  /** The turns (best first) {@code method} recalls for {@code query}, as turn ordinals. */
  static long[] recall(String method, String query, int k, WorkingMemory memory, LexicalIndex lexical,
      Map<String, Integer> turnOfId) {
    return switch (method) {
      case "vector" -> vector(query, k, memory, turnOfId);
      case "bm25" -> lexical(query, k, lexical);
      case "fused" -> ids(memory.search(MemoryQuery.text(query).k(k).hybrid().build()), turnOfId);
      default -> throw new IllegalArgumentException("no recall method " + method + "; methods are " + METHODS);
    };
  }

  private static long[] vector(String query, int k, WorkingMemory memory, Map<String, Integer> turnOfId) {
    return ids(memory.search(MemoryQuery.text(query).k(k).build()), turnOfId);
  }

  /** The turns of {@code found}, in its order, as ordinals. */
  static long[] ids(List<Recall> found, Map<String, Integer> turnOfId) {
    long[] out = new long[found.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = turnOfId.get(found.get(i).id());
    }
    return out;
  }

  private static long[] lexical(String query, int k, LexicalIndex lexical) {
    List<LexicalIndex.Hit> hits = lexical.search(query, k);
    long[] out = new long[hits.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = hits.get(i).key();
    }
    return out;
  }

}
