package dev.memloop.memory;

import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * What a memory adds to and checks of each write in time: the time to live of each kind (an item of a kind with one
 * and no expiry of its own expires that long after it is recorded), and how far a valid-from may lie past the record
 * time (a clock skew between the writer and the memory, not a fact about the future).
 */
final class LifecyclePolicy {

  /** How far past the record time a valid-from may lie, by default: clocks of writer and memory disagree a little. */
  static final Duration DEFAULT_SKEW = Duration.ofMinutes(5);

  static final LifecyclePolicy NONE = new LifecyclePolicy(new EnumMap<>(MemoryKind.class), DEFAULT_SKEW);

  private final Map<MemoryKind, Duration> ttls;
  private final long skewMillis;

  LifecyclePolicy(Map<MemoryKind, Duration> ttls, Duration skew) {
    this.ttls = ttls.isEmpty() ? Map.of() : new EnumMap<>(ttls);
    this.skewMillis = skew.toMillis();
  }

  /**
   * {@code meta} as stored at {@code now}: with its kind's expiry if it has none of its own.
   *
   * @throws IllegalArgumentException naming the value: a valid-from past {@code now} by more than the skew
   */
  Map<String, Object> apply(Map<String, Object> meta, long now) {
    if (meta.get(MemoryLifecycle.VALID_FROM) instanceof Long from && from > now + skewMillis
        && !meta.containsKey(MemoryLifecycle.RECORDED_AT)) {
      throw new IllegalArgumentException("valid_from " + java.time.Instant.ofEpochMilli(from) + " lies after the "
          + "record time " + java.time.Instant.ofEpochMilli(now) + " by more than the allowed skew of "
          + Duration.ofMillis(skewMillis) + "; a fact becomes true when it is observed, not later");
    }
    if (ttls.isEmpty() || meta.containsKey(MemoryLifecycle.EXPIRES_AT)) {
      return meta; // every plain write: a lookup or two, nothing copied
    }
    Duration ttl = ttls.get(MemoryKind.of(meta));
    if (ttl == null) {
      return meta;
    }
    long recorded = meta.get(MemoryLifecycle.RECORDED_AT) instanceof Long at ? at : now;
    Map<String, Object> out = new HashMap<>(meta);
    out.put(MemoryLifecycle.EXPIRES_AT, MemoryWrite.saturatedAdd(recorded, ttl));
    return Map.copyOf(out);
  }
}
