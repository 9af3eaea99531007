package dev.memloop.memory;

/** What a {@link WorkingMemory} with a capacity does when an add would exceed it. */
public enum Eviction {

  /** Refuse the add with {@link MemoryFullException}; nothing is removed. */
  NONE,

  /** Remove the item added longest ago. */
  OLDEST_FIRST,

  /**
   * Remove the item least recently returned by {@code recall} or {@code match} (items never returned count
   * from their insertion). In the thread-safe memory this makes every read take the write lock.
   */
  LEAST_RECENTLY_RECALLED
}
