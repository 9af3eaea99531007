package dev.memloop.memory.index;

import java.util.Arrays;

/**
 * Ids by term for {@link LexicalIndex}: an open-addressing table (linear probing, at most half full) whose lookups
 * read a region of a text in place, so that a search allocates no string per query term. Ids are dense, in the order
 * terms were first seen. Not thread-safe: the index's owner serializes use.
 */
final class TermIds {

  private String[] slots = new String[64];
  private int[] idOfSlot = new int[64];
  private int count;

  /** Terms held; ids are {@code [0, size())}. */
  int size() {
    return count;
  }

  /** The id of {@code term}, made (the next id) if new. */
  int intern(String term) {
    int found = find(term);
    if (found >= 0) {
      return found;
    }
    if ((count + 1) * 2 > slots.length) { // at most half full: probes stay short
      rehash(slots.length * 2);
    }
    int slot = slotFor(hash(term));
    while (slots[slot] != null) {
      slot = (slot + 1) & (slots.length - 1);
    }
    int id = count++;
    slots[slot] = term;
    idOfSlot[slot] = id;
    return id;
  }

  /** The id of the term in {@code buffer[0, length)}, or -1; reads the buffer in place. */
  int find(char[] buffer, int length) {
    int slot = slotFor(hash(buffer, length));
    for (String stored; (stored = slots[slot]) != null; slot = (slot + 1) & (slots.length - 1)) {
      if (sameTerm(stored, buffer, length)) {
        return idOfSlot[slot];
      }
    }
    return -1;
  }

  /** Forgets every term; ids start again at 0. */
  void clear() {
    Arrays.fill(slots, null);
    count = 0;
  }

  /** The id of {@code term}, or -1: a write's lookup. */
  private int find(String term) {
    int slot = slotFor(hash(term));
    for (String stored; (stored = slots[slot]) != null; slot = (slot + 1) & (slots.length - 1)) {
      if (stored.equals(term)) {
        return idOfSlot[slot];
      }
    }
    return -1;
  }

  private static boolean sameTerm(String stored, char[] buffer, int length) {
    if (stored.length() != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (stored.charAt(i) != buffer[i]) {
        return false;
      }
    }
    return true;
  }

  /** The same hash as {@link #hash(char[], int)} of the term's characters. */
  private static int hash(String term) {
    int h = 0;
    for (int i = 0; i < term.length(); i++) {
      h = 31 * h + term.charAt(i);
    }
    return h ^ (h >>> 16);
  }

  private static int hash(char[] buffer, int length) {
    int h = 0;
    for (int i = 0; i < length; i++) {
      h = 31 * h + buffer[i];
    }
    return h ^ (h >>> 16);
  }

  private int slotFor(int hash) {
    return hash & (slots.length - 1);
  }

  private void rehash(int capacity) {
    String[] oldSlots = slots;
    int[] oldIds = idOfSlot;
    slots = new String[capacity];
    idOfSlot = new int[capacity];
    for (int s = 0; s < oldSlots.length; s++) {
      if (oldSlots[s] != null) {
        int slot = slotFor(hash(oldSlots[s]));
        while (slots[slot] != null) {
          slot = (slot + 1) & (capacity - 1);
        }
        slots[slot] = oldSlots[s];
        idOfSlot[slot] = oldIds[s];
      }
    }
  }
}
