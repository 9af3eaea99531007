package dev.memloop.runtime.config;

import dev.memloop.memory.Eviction;
import dev.memloop.memory.MemoryKind;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import dev.memloop.memory.IndexKind;

/**
 * Where an agent's memory lives and how it is built ({@code memloop.agent.memory}, and the fleet's
 * {@code memloop.memory.ttl}). Immutable; checked here.
 *
 * @param capacity items kept, 0 for unbounded
 * @param k items a recall returns
 * @param hybrid whether the agent's recalls are hybrid ({@code memory.recall = hybrid}): its own memory keeps a
 *     lexical index beside the vectors, and the recall shorthands (the step's {@code recall}, the recall tool, the
 *     per-turn dump) fuse the vector search with BM25 over the items' texts; {@code search} does what its query says
 * @param ttls how long items of each kind are answered ({@code memloop.memory.ttl.<kind>}); a kind absent never expires
 */
public record MemorySettings(MemoryStoreKind store, IndexKind index, int capacity, Eviction eviction,
    EmbedderChoice embedder, int k, boolean hybrid, Map<MemoryKind, Duration> ttls) {

  /** Settings without times to live. */
  public MemorySettings(MemoryStoreKind store, IndexKind index, int capacity, Eviction eviction,
      EmbedderChoice embedder, int k, boolean hybrid) {
    this(store, index, capacity, eviction, embedder, k, hybrid, Map.of());
  }

  public MemorySettings {
    ttls = ttls == null || ttls.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(ttls));
    for (Map.Entry<MemoryKind, Duration> ttl : ttls.entrySet()) {
      if (ttl.getValue() == null || ttl.getValue().isZero() || ttl.getValue().isNegative()) {
        throw new IllegalArgumentException("memloop.memory.ttl." + ttl.getKey().configName()
            + " must be a positive duration or none: " + ttl.getValue());
      }
    }
    if (store == null || index == null || eviction == null || embedder == null) {
      throw new IllegalArgumentException("memory settings need store, index, eviction and embedder: " + store + ", "
          + index + ", " + eviction + ", " + embedder);
    }
    if (capacity < 0) {
      throw new IllegalArgumentException("memory.capacity must be > 0 or unbounded: " + capacity);
    }
    if (k <= 0) {
      throw new IllegalArgumentException("memory.k must be > 0: " + k);
    }
    if (hybrid && store != MemoryStoreKind.OWN) {
      throw new IllegalArgumentException("memory.recall = hybrid needs memory.store = own (a "
          + store.name().toLowerCase(java.util.Locale.ROOT) + " store keeps no lexical index): set memory.recall = vector, or memory.store = own");
    }
  }

  /** These settings with hybrid recalls on or off ({@code memory.recall}). */
  public MemorySettings withHybrid(boolean newHybrid) {
    return new MemorySettings(store, index, capacity, eviction, embedder, k, newHybrid, ttls);
  }

  public MemorySettings withStore(MemoryStoreKind newStore) {
    return new MemorySettings(newStore, index, capacity, eviction, embedder, k, hybrid, ttls);
  }

  /** These settings with the index {@code newIndex} ({@code memory.index}). */
  public MemorySettings withIndex(IndexKind newIndex) {
    return new MemorySettings(store, newIndex, capacity, eviction, embedder, k, hybrid, ttls);
  }

  /** These settings with recalls returning {@code newK} items ({@code memory.k}). */
  public MemorySettings withK(int newK) {
    return new MemorySettings(store, index, capacity, eviction, embedder, newK, hybrid, ttls);
  }

  public MemorySettings withEmbedder(EmbedderChoice newEmbedder) {
    return new MemorySettings(store, index, capacity, eviction, newEmbedder, k, hybrid, ttls);
  }

  /** A memory of {@code newCapacity} items (0 for unbounded) evicting by {@code newEviction}. */
  public MemorySettings withCapacity(int newCapacity, Eviction newEviction) {
    return new MemorySettings(store, index, newCapacity, newEviction, embedder, k, hybrid, ttls);
  }

  /** These settings with items of each kind expiring after its time to live ({@code memloop.memory.ttl.<kind>}). */
  public MemorySettings withTtls(Map<MemoryKind, Duration> newTtls) {
    return new MemorySettings(store, index, capacity, eviction, embedder, k, hybrid, newTtls);
  }
}
