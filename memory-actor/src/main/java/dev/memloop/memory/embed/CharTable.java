package dev.memloop.memory.embed;

/**
 * Token strings to ids, looked up by a range of characters of any {@link CharSequence} without building a
 * substring: open addressing over one pool of characters. A lookup may fold ASCII capitals to lower case on
 * the fly, which lets plain ASCII text be tokenized in place.
 *
 * <p>Filled once, then read-only: thread-safe for lookups once published.
 */
final class CharTable {

  private final int[] slots; // entry index + 1, or 0 for empty
  private final int mask;
  private final char[] pool;
  private final int[] starts;
  private final int[] lengths;
  private final int[] hashes;
  private final int[] ids;
  private int size;
  private int poolSize;

  /** A table for at most {@code tokens} entries of {@code totalChars} characters in all. */
  CharTable(int tokens, int totalChars) {
    int capacity = Integer.highestOneBit(Math.max(4, tokens * 2 - 1)) << 1; // load factor <= 1/2
    this.slots = new int[capacity];
    this.mask = capacity - 1;
    this.starts = new int[tokens];
    this.lengths = new int[tokens];
    this.hashes = new int[tokens];
    this.ids = new int[tokens];
    this.pool = new char[totalChars];
  }

  /** Adds the characters of {@code token} from {@code from} on under {@code id}; a duplicate keeps its first id. */
  void put(String token, int from, int id) {
    int hash = hash(token, from, token.length(), false);
    if (find(token, from, token.length(), false, hash) >= 0) {
      return;
    }
    int length = token.length() - from;
    token.getChars(from, token.length(), pool, poolSize);
    starts[size] = poolSize;
    lengths[size] = length;
    hashes[size] = hash;
    ids[size] = id;
    poolSize += length;
    int slot = hash & mask;
    while (slots[slot] != 0) {
      slot = (slot + 1) & mask;
    }
    slots[slot] = ++size;
  }

  /** The id of {@code text[from, to)} (ASCII capitals folded when {@code foldAscii}), or -1. */
  int get(CharSequence text, int from, int to, boolean foldAscii) {
    return find(text, from, to, foldAscii, hash(text, from, to, foldAscii));
  }

  int size() {
    return size;
  }

  private int find(CharSequence text, int from, int to, boolean foldAscii, int hash) {
    int length = to - from;
    for (int slot = hash & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
      int e = slots[slot] - 1;
      if (hashes[e] == hash && lengths[e] == length && same(text, from, foldAscii, starts[e], length)) {
        return ids[e];
      }
    }
    return -1;
  }

  private boolean same(CharSequence text, int from, boolean foldAscii, int start, int length) {
    for (int i = 0; i < length; i++) {
      char c = text.charAt(from + i);
      if (foldAscii && c >= 'A' && c <= 'Z') {
        c += 'a' - 'A';
      }
      if (pool[start + i] != c) {
        return false;
      }
    }
    return true;
  }

  private static int hash(CharSequence text, int from, int to, boolean foldAscii) {
    int h = 0x811c9dc5; // FNV-1a, then a final mix so that the low bits pick slots well
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (foldAscii && c >= 'A' && c <= 'Z') {
        c += 'a' - 'A';
      }
      h = (h ^ c) * 0x01000193;
    }
    return h ^ (h >>> 15);
  }
}
