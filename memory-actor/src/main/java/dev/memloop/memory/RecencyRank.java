package dev.memloop.memory;

import dev.memloop.memory.index.SearchBuffers;
import java.util.Arrays;
import java.util.function.IntToLongFunction;

/**
 * A search's results ordered by similarity weighted by recency ({@code MemoryQuery.halfLife}): each score times
 * {@code (1 + 2^(-age / half-life)) / 2}, the age from the item's valid-from to the time asked about (an item valid
 * later counts as new). Bounded: an old item keeps half its score, so recency reorders near equals and never buries
 * the answer. Ties keep the search's order.
 */
final class RecencyRank {

  private RecencyRank() {}

  /** The positions of {@code buffers}' results, best first. */
  static Integer[] order(SearchBuffers buffers, long at, long halfLifeMillis, IntToLongFunction validFromOfOrdinal) {
    int n = buffers.count();
    Integer[] order = new Integer[n];
    double[] weighted = new double[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
      double age = Math.max(0, at - validFromOfOrdinal.applyAsLong(buffers.ordinal(i)));
      weighted[i] = buffers.score(i) * (0.5 + 0.5 * Math.pow(0.5, age / halfLifeMillis));
    }
    Arrays.sort(order, (a, b) -> a.equals(b) ? 0
        : weighted[a] != weighted[b] ? Double.compare(weighted[b], weighted[a]) : Integer.compare(a, b));
    return order;
  }
}
