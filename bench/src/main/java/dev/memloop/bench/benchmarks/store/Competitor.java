package dev.memloop.bench.benchmarks.store;

/**
 * The implementations {@code memloop bench store} compares, each behind a tiny adapter (Caffeine's
 * {@code CacheType} pattern). Every one gets the same seeded unit vectors and queries.
 */
public enum Competitor {

  /** memloop's default {@code WorkingMemory} through its public API: what an agent calls. */
  MEMLOOP("memloop (exact, default)") {
    @Override
    public SearchCompetitor<?> build(float[][] data) {
      return new MemloopSearch(data);
    }
  },

  /** The floor reference: one Vector API accumulator per row, written here the plain way. */
  VECTOR_SCAN_1("Vector API scan, 1 accumulator") {
    @Override
    public SearchCompetitor<?> build(float[][] data) {
      return new VectorApiScan(data, false);
    }
  },

  /** The same scan with four accumulators per row, so that a win is not only against a latency chain. */
  VECTOR_SCAN_4("Vector API scan, 4 accumulators") {
    @Override
    public SearchCompetitor<?> build(float[][] data) {
      return new VectorApiScan(data, true);
    }
  },

  /** What a Java user would pick today: langchain4j's brute-force in-memory store. */
  LANGCHAIN4J("langchain4j InMemoryEmbeddingStore") {
    @Override
    public SearchCompetitor<?> build(float[][] data) {
      return new InMemoryEmbeddingStoreSearch(data);
    }
  },

  HNSWLIB_BRUTE_FORCE("hnswlib-core BruteForceIndex") {
    @Override
    public SearchCompetitor<?> build(float[][] data) {
      return HnswlibSearch.bruteForce(data);
    }
  },

  HNSWLIB_HNSW("hnswlib-core HnswIndex (m=16, ef=64)") {
    @Override
    public SearchCompetitor<?> build(float[][] data) {
      return HnswlibSearch.hnsw(data);
    }
  };

  private final String label;

  Competitor(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  public abstract SearchCompetitor<?> build(float[][] data);
}
