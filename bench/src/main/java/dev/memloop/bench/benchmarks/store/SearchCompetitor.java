package dev.memloop.bench.benchmarks.store;

/**
 * One k-nearest-neighbour implementation measured side by side by {@code memloop bench store}. It is built
 * once from the data set, then queried; only {@link #search} is timed, and its native result is turned
 * into item indexes afterwards so that conversion costs no competitor anything.
 *
 * @param <R> the implementation's own result type
 */
public interface SearchCompetitor<R> {

  /** The k items most similar to {@code query} (a unit vector), best first, in the native form. */
  R search(float[] query, int k);

  /** Indexes (positions in the data set) of a result, best first. */
  int[] indexes(R result);

  /** Vectors scored exactly per query on average, where the implementation reports it; NaN otherwise. */
  default double rescoredPerQuery() {
    return Double.NaN;
  }
}
