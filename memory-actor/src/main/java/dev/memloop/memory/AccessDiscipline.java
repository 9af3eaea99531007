package dev.memloop.memory;

import dev.memloop.memory.index.SearchBuffers;

/**
 * How a memory's operations are serialized: by one owner at a time, checked ({@link SingleOwnerAccess}, the default),
 * or by a read-write lock ({@link LockedAccess}, {@code threadSafe()}). The memory ({@link CoreWorkingMemory}) brackets
 * every touch of its items with {@code begin}/{@code end}; this decides what a bracket costs, where search buffers
 * come from, and how bookkeeping (timings, counters) stays consistent.
 */
interface AccessDiscipline {

  void beginWrite();

  void endWrite();

  /** {@code touches}: the read updates recency for eviction, so it must be exclusive. */
  void beginRead(boolean touches);

  void endRead(boolean touches);

  /** Buffers for one search, given back after it. */
  SearchBuffers takeBuffers();

  /** {@code buffers} after a search that began with these counts of searches and reranked rows. */
  void giveBack(SearchBuffers buffers, long searchesBefore, long rerankedBefore);

  /** {@code recorder}, safe to call as this discipline's memory is called. */
  Recorder guard(Recorder recorder);

  /** A query embedded to the zero vector (found nothing); counted. */
  void countZeroVectorQuery();

  /** The counters beside the memory's size and evictions. */
  MemoryStats stats(int size, long evictions);

  /** The memory closed: buffers go. */
  void release();
}
