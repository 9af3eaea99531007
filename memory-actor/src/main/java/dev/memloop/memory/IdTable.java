package dev.memloop.memory;

import java.util.Arrays;

/**
 * The ordinal of each id of one memory: an open-addressing table of ordinals (linear probing, at most half full),
 * which asks its memory for an ordinal's id hash and for id equality instead of keeping ids or hashes itself.
 * A memory of a dozen items keeps one {@code int[32]} here where a {@code HashMap<String, Slot>} kept a table, a
 * dozen nodes and a dozen slots (a million fleet agents paid 0.9 KiB each for them).
 *
 * <p>Removal shifts later entries of a probe run back (no tombstones), so a lookup stops at the first empty cell. The
 * same table keeps a memory's identity index, where one id (an identity) may be held for several ordinals: every
 * entry of an id lies in the probe run from its home, so {@link #findAll} walks that run.
 * Not thread-safe: the owning memory serializes access.
 */
final class IdTable {

  /** What the table asks its memory about the ordinals it holds. */
  interface Ids {
    /** The hash of the id at {@code ordinal}: {@link String#hashCode()} of the id. */
    int hashAt(int ordinal);

    /** Whether the id at {@code ordinal} equals {@code id}. */
    boolean idEquals(int ordinal, String id);
  }

  private static final int EMPTY = 0; // cells hold ordinal + 1
  private static final int[] NONE = {};

  private final Ids ids;
  private final int initialCapacity;
  private int[] cells = NONE; // allocated by the first put
  private int size;

  IdTable(Ids ids, int expectedSize) {
    this.ids = ids;
    this.initialCapacity = Math.max(4, Math.min(expectedSize, 1 << 28));
  }

  /** The ordinal of {@code id}, or -1. */
  int find(String id) {
    if (size == 0) {
      return -1;
    }
    int mask = cells.length - 1;
    for (int i = home(id.hashCode(), mask); cells[i] != EMPTY; i = (i + 1) & mask) {
      int ordinal = cells[i] - 1;
      if (ids.idEquals(ordinal, id)) {
        return ordinal;
      }
    }
    return -1;
  }

  /**
   * Every ordinal whose id equals {@code id}, into {@code out} (at least {@link #size()} long), for a table that
   * holds an id more than once (the identity index: many items, one identity). Returns how many.
   */
  int findAll(String id, int[] out) {
    if (size == 0) {
      return 0;
    }
    int count = 0;
    int mask = cells.length - 1;
    for (int i = home(id.hashCode(), mask); cells[i] != EMPTY; i = (i + 1) & mask) {
      int ordinal = cells[i] - 1;
      if (ids.idEquals(ordinal, id)) {
        out[count++] = ordinal;
      }
    }
    return count;
  }

  /** Adds {@code ordinal}, whose id (hash {@code hash}) the table does not hold yet. */
  void put(int hash, int ordinal) {
    if ((size + 1) * 2 > cells.length) {
      grow();
    }
    place(cells, hash, ordinal);
    size++;
  }

  /** Removes {@code ordinal}, whose id has hash {@code hash}; the ids of the others must still be readable. */
  void remove(int hash, int ordinal) {
    int mask = cells.length - 1;
    int hole = cellOf(hash, ordinal);
    // shift back each later entry of the run whose home is not between the hole and it
    for (int i = (hole + 1) & mask; cells[i] != EMPTY; i = (i + 1) & mask) {
      int home = home(ids.hashAt(cells[i] - 1), mask);
      boolean stays = hole <= i ? hole < home && home <= i : hole < home || home <= i;
      if (!stays) {
        cells[hole] = cells[i];
        hole = i;
      }
    }
    cells[hole] = EMPTY;
    size--;
  }

  /** The entry for ordinal {@code from} (its id's hash {@code hash}) now names ordinal {@code to}. */
  void move(int hash, int from, int to) {
    cells[cellOf(hash, from)] = to + 1;
  }

  void clear() {
    Arrays.fill(cells, EMPTY);
    size = 0;
  }

  int size() {
    return size;
  }

  private int cellOf(int hash, int ordinal) {
    int mask = cells.length - 1;
    int i = home(hash, mask);
    while (cells[i] != ordinal + 1) {
      if (cells[i] == EMPTY) {
        throw new IllegalStateException("ordinal " + ordinal + " is not in the id table");
      }
      i = (i + 1) & mask;
    }
    return i;
  }

  private void grow() {
    int length = cells.length == 0 ? Integer.highestOneBit(initialCapacity * 2 - 1) << 1 : cells.length * 2;
    int[] grown = new int[length];
    for (int cell : cells) {
      if (cell != EMPTY) {
        place(grown, ids.hashAt(cell - 1), cell - 1);
      }
    }
    cells = grown;
  }

  private static void place(int[] table, int hash, int ordinal) {
    int mask = table.length - 1;
    int i = home(hash, mask);
    while (table[i] != EMPTY) {
      i = (i + 1) & mask;
    }
    table[i] = ordinal + 1;
  }

  /** Spreads the high bits down: ids that differ only in their last characters still differ here. */
  private static int home(int hash, int mask) {
    return (hash ^ (hash >>> 16)) & mask;
  }
}
