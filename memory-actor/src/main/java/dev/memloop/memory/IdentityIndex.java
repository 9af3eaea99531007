package dev.memloop.memory;

import java.util.Map;
import java.util.function.IntFunction;

/**
 * A memory's items by identity ({@link ItemIdentity}), so that a guard's lookup scores only the items of one identity:
 * an {@link IdTable} used as a multimap from identity to ordinals, made by the first item that carries one (most
 * memories never hold an identified item). It keeps no strings: it reads an item's identity from its metadata.
 * Not thread-safe: the owning memory serializes access.
 */
final class IdentityIndex {

  private final IntFunction<Map<String, Object>> metadataAt;
  private IdTable table;

  /** @param metadataAt the metadata of the item at an ordinal, which holds its identity */
  IdentityIndex(IntFunction<Map<String, Object>> metadataAt) {
    this.metadataAt = metadataAt;
  }

  /** The item at {@code ordinal}, of {@code identity}, was added. */
  void put(String identity, int ordinal) {
    if (table == null) {
      table = new IdTable(new IdTable.Ids() {
        @Override
        public int hashAt(int at) {
          return ItemIdentity.of(metadataAt.apply(at)).hashCode();
        }

        @Override
        public boolean idEquals(int at, String asked) {
          return asked.equals(ItemIdentity.of(metadataAt.apply(at)));
        }
      }, 8);
    }
    table.put(identity.hashCode(), ordinal);
  }

  /** The item at {@code ordinal}, of {@code identity}, is being removed (its metadata still in place). */
  void remove(String identity, int ordinal) {
    table.remove(identity.hashCode(), ordinal);
  }

  /** The item of {@code identity} at {@code from} moved to {@code to}. */
  void move(String identity, int from, int to) {
    table.move(identity.hashCode(), from, to);
  }

  /** Items indexed: the most {@link #findAll} can answer. */
  int size() {
    return table == null ? 0 : table.size();
  }

  /** The ordinals of {@code identity}'s items into {@code into} (at least {@link #size} long); returns how many. */
  int findAll(String identity, int[] into) {
    return table == null ? 0 : table.findAll(identity, into);
  }

  void clear() {
    if (table != null) {
      table.clear();
    }
  }

  /** Drops the table (a closed memory). */
  void release() {
    table = null;
  }
}
