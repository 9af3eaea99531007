package dev.memloop.memory;

/**
 * Counters of a memory's life so far.
 *
 * @param size items stored now
 * @param evictions items removed to make room under a capacity
 * @param zeroVectorQueries queries whose text embedded to the zero vector and so found nothing
 * @param searches searches run
 * @param reranked vectors scored exactly over all searches; divided by {@code searches} it shows what the
 *     compressed first pass saved against scoring every item
 */
public record MemoryStats(int size, long evictions, long zeroVectorQueries, long searches, long reranked) {}
