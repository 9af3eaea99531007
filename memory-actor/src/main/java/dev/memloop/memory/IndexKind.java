package dev.memloop.memory;

/** How a {@link WorkingMemory} finds the nearest items. */
public enum IndexKind {

  /**
   * Exact results, the default: a float scan for small memories, and from a few hundred items an int16
   * first pass with certified error bounds that re-scores in float only the rows that can still rank.
   * Results and scores equal those of {@link #FLAT}.
   */
  EXACT,

  /** Exact results from a plain float scan at every size: the reference, and the smallest footprint. */
  FLAT,

  /** Approximate results from an HNSW graph (hnswlib-core), for long-lived memories of 100k+ items. */
  HNSW
}
