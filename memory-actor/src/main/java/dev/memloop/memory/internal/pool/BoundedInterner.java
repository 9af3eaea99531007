package dev.memloop.memory.internal.pool;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A concurrent map that admits at most {@code maxEntries} keys and never lets one go: the first value given for a key
 * is every later caller's. Once full, a key not in it gets the value its caller offers, unkept. For content many
 * owners hold alike (a fleet's action lines, their vectors), where eviction would only churn.
 *
 * <p>Thread-safe. Not API: this package may change in any release.
 */
public final class BoundedInterner<K, V> {

  private final int maxEntries;
  private final ConcurrentHashMap<K, V> map = new ConcurrentHashMap<>();
  private final AtomicInteger count = new AtomicInteger();

  public BoundedInterner(int maxEntries) {
    if (maxEntries <= 0) {
      throw new IllegalArgumentException("max entries must be > 0: " + maxEntries);
    }
    this.maxEntries = maxEntries;
  }

  /** The value held for {@code key}, or null. */
  public V get(K key) {
    return map.get(key);
  }

  /**
   * The value held for {@code key}; else {@code offered}, kept for it unless the interner is full. Concurrent callers
   * offering for one key all get the one value kept.
   */
  public V intern(K key, V offered) {
    V held = map.get(key);
    if (held != null) {
      return held;
    }
    if (count.incrementAndGet() > maxEntries) { // reserve a place first, so that racing writers never overshoot
      count.decrementAndGet();
      return offered;
    }
    V winner = map.putIfAbsent(key, offered);
    if (winner != null) {
      count.decrementAndGet();
      return winner;
    }
    return offered;
  }

  /** Keys held. */
  public int size() {
    return count.get();
  }
}
