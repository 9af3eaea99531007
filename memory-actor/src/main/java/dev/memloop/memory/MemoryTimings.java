package dev.memloop.memory;

import dev.memloop.memory.timing.OpStats;

/**
 * Durations of a memory's operations in nanoseconds, embedding and store work apart: a write is
 * {@code writeEmbed} (the embedder) then {@code writeStore} (normalize, evict, index); a query is
 * {@code queryEmbed} then {@code queryStore} (search and build results). Operations on pre-embedded vectors
 * record only the store part.
 */
public record MemoryTimings(OpStats writeEmbed, OpStats writeStore, OpStats queryEmbed, OpStats queryStore) {}
