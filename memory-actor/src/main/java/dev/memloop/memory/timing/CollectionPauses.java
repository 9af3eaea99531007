package dev.memloop.memory.timing;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The JVM's stop-the-world collection pauses, as its garbage collectors report them, on the {@link System#nanoTime}
 * scale: so that a slow lookup can say whether a pause overlapped it. JVM-wide; the listeners are registered on
 * first use and the last {@value #KEPT} pauses are kept.
 *
 * <p>Collectors report through JMX notifications, which arrive on a notification thread shortly after the pause:
 * ask about an interval once it is over (a fleet classifies its slow lookups when it reports, not as they happen).
 * Only pauses count: concurrent cycles (ZGC's and Shenandoah's "Cycles" collectors, whose action is "end of GC
 * cycle") stop no thread. Times come in milliseconds since the JVM started, so an overlap is exact to about 1 ms.
 *
 * <p>It also keeps the largest heap in use after a collection (any collection, cycles included) since the last
 * {@link #resetLiveHeap}: the live set's peak, which a run reports as its heap, garbage excluded.
 *
 * <p>Thread-safe.
 */
public final class CollectionPauses {

  /** Pauses kept, most recent last; older ones are forgotten. */
  public static final int KEPT = 4_096;

  private static final CollectionPauses JVM = new CollectionPauses();

  private final long[] starts = new long[KEPT];
  private final long[] ends = new long[KEPT];
  private long count; // pauses seen; the ring holds the last min(count, KEPT)
  private long totalNanos;
  private boolean listening;
  private long liveHeapPeak; // bytes in use after a collection, the largest since the last reset
  private long originNanos; // System.nanoTime() at the JVM's start, estimated when listening began

  private CollectionPauses() {}

  /** A log fed by hand ({@link #record}), its JVM start at {@code originNanos}: for tests. */
  CollectionPauses(long originNanos) {
    this.originNanos = originNanos;
    this.listening = true;
  }

  /** The JVM's pause log, listening from the first call on. */
  public static CollectionPauses jvm() {
    JVM.listen();
    return JVM;
  }

  private synchronized void listen() {
    if (listening) {
      return;
    }
    listening = true;
    originNanos = System.nanoTime() - ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000;
    Set<String> heapPools = new HashSet<>();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        heapPools.add(pool.getName());
      }
    }
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener((notification, handback) -> {
          if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
            if (!info.getGcAction().contains("cycle")) {
              record(info.getGcInfo().getStartTime(), info.getGcInfo().getEndTime());
            }
            long after = 0;
            for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
              if (heapPools.contains(pool.getKey())) { // the report lists metaspace and code heaps too
                after += pool.getValue().getUsed();
              }
            }
            liveAfter(after);
          }
        }, null, null);
      }
    }
  }

  /** A pause from {@code startMillis} to {@code endMillis} after the JVM started. */
  synchronized void record(long startMillis, long endMillis) {
    int slot = (int) (count % KEPT);
    starts[slot] = originNanos + startMillis * 1_000_000;
    ends[slot] = originNanos + Math.max(startMillis, endMillis) * 1_000_000;
    count++;
    totalNanos += ends[slot] - starts[slot];
  }

  private synchronized void liveAfter(long bytes) {
    liveHeapPeak = Math.max(liveHeapPeak, bytes);
  }

  /** The largest heap in use after a collection since {@link #resetLiveHeap}; 0 when none ran since. */
  public synchronized long liveHeapPeak() {
    return liveHeapPeak;
  }

  /** Starts a new live-heap peak (a run begins). */
  public synchronized void resetLiveHeap() {
    liveHeapPeak = 0;
  }

  /**
   * How long reported pauses overlapped {@code [startNanos, endNanos)} ({@link System#nanoTime} readings); 0 when
   * none did, or when they are older than the pauses kept.
   */
  public synchronized long overlapNanos(long startNanos, long endNanos) {
    long overlap = 0;
    long kept = Math.min(count, KEPT);
    for (long i = count - kept; i < count; i++) {
      int slot = (int) (i % KEPT);
      long from = Math.max(startNanos, starts[slot]);
      long to = Math.min(endNanos, ends[slot]);
      if (to > from) {
        overlap += to - from;
      }
    }
    return overlap;
  }

  /** Pauses reported since listening began. */
  public synchronized long pauses() {
    return count;
  }

  /** Their total length, in nanoseconds. */
  public synchronized long totalNanos() {
    return totalNanos;
  }
}
