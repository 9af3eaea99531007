package dev.memloop.memory;

import java.util.Arrays;

/**
 * A memory's items in eviction order: a doubly linked list through the index's ordinals, in two {@code int} arrays of
 * neighbours (insertion order, or recency of recall for {@link Eviction#LEAST_RECENTLY_RECALLED}). Arrays, not nodes,
 * because a fleet holds a million memories. A removal moves the last item into the hole ({@link #moved}), as the
 * index does. Not thread-safe: the owning memory serializes access.
 */
final class EvictionOrder {

  /** No neighbour: the end of the list. */
  static final int NONE = -1;

  private static final int[] NO_INTS = {};

  private int oldest = NONE;
  private int newest = NONE;
  private int[] older = NO_INTS;
  private int[] newer = NO_INTS;

  /** The oldest item, the next to evict; {@link #NONE} when empty. */
  int oldest() {
    return oldest;
  }

  /** The item after {@code ordinal} in eviction order, {@link #NONE} after the newest. */
  int newerThan(int ordinal) {
    return newer[ordinal];
  }

  /** Room for ordinals below {@code length}. */
  void ensureLength(int length) {
    if (older.length < length) {
      older = Arrays.copyOf(older, length);
      newer = Arrays.copyOf(newer, length);
    }
  }

  /** {@code ordinal} becomes the newest. */
  void append(int ordinal) {
    older[ordinal] = newest;
    newer[ordinal] = NONE;
    setNewer(newest, ordinal);
    newest = ordinal;
  }

  /** {@code ordinal} leaves the list. */
  void unlink(int ordinal) {
    int before = older[ordinal];
    int after = newer[ordinal];
    setNewer(before, after);
    setOlder(after, before);
    older[ordinal] = NONE;
    newer[ordinal] = NONE;
  }

  /** {@code ordinal} was recalled: under recency eviction it becomes the newest. */
  void touch(int ordinal) {
    if (ordinal != newest) {
      unlink(ordinal);
      append(ordinal);
    }
  }

  /** The item at {@code from} moved to {@code to}: its neighbours and the list's ends now point there. */
  void moved(int from, int to) {
    int before = older[from];
    int after = newer[from];
    older[to] = before;
    newer[to] = after;
    setNewer(before, to);
    setOlder(after, to);
    older[from] = NONE;
    newer[from] = NONE;
  }

  /** Empties the list, keeping its arrays. */
  void clear() {
    oldest = NONE;
    newest = NONE;
  }

  /** Empties the list and lets its arrays go (a closed memory). */
  void release() {
    clear();
    older = NO_INTS;
    newer = NO_INTS;
  }

  /** The item after {@code ordinal} in eviction order is {@code next}; {@code ordinal} NONE: the oldest is. */
  private void setNewer(int ordinal, int next) {
    if (ordinal != NONE) {
      newer[ordinal] = next;
    } else {
      oldest = next;
    }
  }

  /** The item before {@code ordinal} in eviction order is {@code previous}; {@code ordinal} NONE: the newest is. */
  private void setOlder(int ordinal, int previous) {
    if (ordinal != NONE) {
      older[ordinal] = previous;
    } else {
      newest = previous;
    }
  }
}
