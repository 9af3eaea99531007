package dev.memloop.runtime.fleet;

import dev.memloop.memory.timing.CollectionPauses;
import dev.memloop.runtime.internal.memory.LatencyBudget;
import dev.memloop.runtime.step.GuardCheck;
import java.util.Arrays;

/**
 * A group's slow guard lookups and why they were slow. A lookup is slow when its own work (what it charged minus
 * the round trip it waited for) exceeds the budget estimate's margin, {@value LatencyBudget#MARGIN_NANOS} ns:
 * then it could price later lookups out. Each is kept (start, wall time, own work, store work) and classified when the fleet
 * reports, once the JVM has reported its collection pauses:
 * <ul>
 *   <li><b>collection</b>: a stop-the-world pause overlapped at least half its own work;
 *   <li><b>store</b>: the store's own work was at least half of it;
 *   <li><b>queueing</b>: a networked lookup whose time went to waiting (mailboxes, transit, the timer), neither
 *       of the above;
 *   <li><b>other</b>: an in-process lookup slow for no reason the JVM reports: a descheduled thread, a JIT
 *       deoptimization, a page fault.
 * </ul>
 * Not thread-safe: fed by the fleet's tally.
 */
final class StallTally {

  /** Slow lookups kept for classification; beyond that they are counted as other. */
  static final int KEPT = 1_000_000;

  private long[] starts = new long[16];
  private long[] own = new long[16];
  private long[] store = new long[16];
  private long[] span = new long[16]; // what the lookup charged: its whole wall time
  private int kept;
  private long beyond;
  private long slowest;

  void add(GuardCheck check) {
    long ownWork = check.chargedNanos() - check.delayNanos();
    if (ownWork <= LatencyBudget.MARGIN_NANOS) {
      return;
    }
    slowest = Math.max(slowest, ownWork);
    if (kept == KEPT) {
      beyond++;
      return;
    }
    if (kept == starts.length) {
      int grown = Math.min(KEPT, kept * 2);
      starts = Arrays.copyOf(starts, grown);
      own = Arrays.copyOf(own, grown);
      store = Arrays.copyOf(store, grown);
      span = Arrays.copyOf(span, grown);
    }
    starts[kept] = check.startNanos();
    own[kept] = ownWork;
    store[kept] = check.storeNanos();
    span[kept] = check.chargedNanos();
    kept++;
  }

  GroupSummary.Stalls summary(CollectionPauses pauses) {
    long collection = 0;
    long byStore = 0;
    long queueing = 0;
    long other = beyond;
    for (int i = 0; i < kept; i++) {
      long paused = pauses.overlapNanos(starts[i], starts[i] + span[i]);
      if (2 * paused >= own[i]) {
        collection++;
      } else if (2 * store[i] >= own[i]) {
        byStore++;
      } else if (span[i] > own[i]) { // it waited for a round trip: a networked lookup
        queueing++;
      } else {
        other++;
      }
    }
    return new GroupSummary.Stalls(kept + beyond, collection, byStore, queueing, other, slowest);
  }
}
