package dev.memloop.memory.index;

import dev.memloop.memory.internal.vector.VectorMath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.LongToIntFunction;

/**
 * The hybrid recall over one set of items held twice, as vectors ({@link VectorIndex}) and as texts
 * ({@link LexicalIndex}), both by the items' keys: the vector search's and BM25's top {@code depth} each (both among
 * the items {@code accept} passes; BM25's only at {@link RankFusion#MIN_LEXICAL_SHARE} of the query's ideal score or
 * more, so that a weak word match alone never leads), fused by reciprocal rank ({@link RankFusion} at
 * {@link RankFusion#HYBRID_C}), the best {@code k} kept whose cosine with the query reaches {@code minScore}; each
 * reported with its cosine and its fused score, in the fused order. Not thread-safe: the indexes' owner serializes
 * calls.
 */
public final class HybridSearch {

  /** One result: the item's ordinal in the vector index, its cosine with the query, its fused score. */
  public record Hit(int ordinal, float cosine, double fused) {}

  private HybridSearch() {}

  /**
   * @param ordinalOfKey the vector index's ordinal of an item's key
   * @param accept the items that may be answered (by ordinal), or null for all
   */
  public static List<Hit> search(VectorIndex vectors, LexicalIndex texts, LongToIntFunction ordinalOfKey,
      float[] unitQuery, String text, int k, int depth, float minScore, IntPredicate accept, SearchBuffers buffers) {
    int vectorDepth = Math.min(depth, Math.max(1, vectors.size()));
    vectors.search(unitQuery, vectorDepth, Float.NEGATIVE_INFINITY, accept, buffers);
    long[] byVector = new long[buffers.count()];
    for (int i = 0; i < byVector.length; i++) {
      byVector[i] = vectors.key(buffers.ordinal(i));
    }
    // a filter drops some of BM25's hits after the fact: ask for twice the depth, so that depth usually remain
    List<LexicalIndex.Hit> hits = texts.search(text, depth + (accept == null ? 0 : depth),
        RankFusion.MIN_LEXICAL_SHARE);
    long[] byText = new long[Math.min(depth, hits.size())];
    int kept = 0;
    for (LexicalIndex.Hit hit : hits) {
      if (kept == byText.length) {
        break;
      }
      if (accept == null || accept.test(ordinalOfKey.applyAsInt(hit.key()))) {
        byText[kept++] = hit.key();
      }
    }
    byText = Arrays.copyOf(byText, kept);
    List<Hit> out = new ArrayList<>(k);
    for (RankFusion.Fused fused : RankFusion.fuse(List.of(byVector, byText), Integer.MAX_VALUE, RankFusion.HYBRID_C)) {
      if (out.size() == k) {
        break;
      }
      int ordinal = ordinalOfKey.applyAsInt(fused.key());
      // the kernels' dot, in the index's operation order: a hybrid result's cosine is the vector search's score
      float cosine = VectorMath.dot(unitQuery, vectors.vector(ordinal));
      if (cosine >= minScore) {
        out.add(new Hit(ordinal, cosine, fused.score()));
      }
    }
    return out;
  }
}
