package dev.memloop.memory.index;

import java.util.Arrays;

/**
 * One term's postings in {@link LexicalIndex}: the docs that hold it and how often, in no order (a removal moves the
 * last posting into the hole). Read in place by a search ({@link #docs}, {@link #tfs}, {@link #size}). Not
 * thread-safe.
 */
final class Postings {

  int[] docs = new int[4];
  int[] tfs = new int[4];
  int size;

  void add(int doc, int tf) {
    if (size == docs.length) {
      docs = Arrays.copyOf(docs, size * 2);
      tfs = Arrays.copyOf(tfs, size * 2);
    }
    docs[size] = doc;
    tfs[size] = tf;
    size++;
  }

  void remove(int doc) {
    for (int j = 0; j < size; j++) {
      if (docs[j] == doc) {
        size--;
        docs[j] = docs[size];
        tfs[j] = tfs[size];
        return;
      }
    }
  }
}
