package dev.memloop.pgvector;

import java.util.Locale;

/** How the items' vectors are searched ({@code memloop.pgvector.index}). */
public enum PgIndex {
  /**
   * No vector index: each agent's rows are found through the primary key (agent id first) and ranked exactly by
   * cosine distance. Exact results, and fast while an agent holds thousands of items rather than millions.
   */
  EXACT,
  /**
   * An HNSW index on the vectors ({@code vector_cosine_ops}), with pgvector's iterative scan so that the agent
   * filter does not starve the result: approximate, for agents whose memories grow large.
   */
  HNSW;

  /** The value as the config key spells it. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** {@code exact} or {@code hnsw}. */
  public static PgIndex parse(String value, String name) {
    for (PgIndex index : values()) {
      if (index.key().equals(value)) {
        return index;
      }
    }
    throw new IllegalArgumentException(name + " must be exact or hnsw: '" + value + "'");
  }
}
