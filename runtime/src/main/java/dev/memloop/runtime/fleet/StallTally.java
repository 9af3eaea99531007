package dev.memloop.runtime.fleet;

import dev.memloop.memory.timing.CollectionPauses;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.step.GuardCheck;
import java.util.Arrays;

/**
 * A group's slow guard lookups and why they were slow. A lookup is slow when its own work (what it charged minus
 * the round trip it waited for) exceeds the budget estimate's margin, {@value LatencyBudget#MARGIN_NANOS} ns:
 * then it could price later lookups out. Each is kept (start, wall time, own work, store work) and classified when the fleet
 * reports, once the JVM has reported its collection pauses:
 * <ul>
 *   <li><b>collection</b>: a stop-the-world pause overlapped at least half its own work;
 *   <li><b>descheduled</b>: answered within the message that made it, whose thread was off its CPU for at least half
 *       its own work and spent at least half of that time waiting for a core (or where the system does not say how
 *       long a thread waited for one): the stall happened to the thread, wherever it landed;
 *   <li><b>blocked</b>: off its CPU as above, but less than half of that time waiting for a core: the thread could not
 *       run (a ZGC allocation stall, which the JVM reports as no pause, a lock, a page read from disk);
 *   <li><b>store</b>: the store's own work was at least half of it;
 *   <li><b>queueing</b>: a lookup answered by a later message (a networked store, a database's connection pool) or
 *       one that waited for an injected round trip, whose time went to waiting (mailboxes, transit, the pool, the
 *       timer), none of the above;
 *   <li><b>other</b>: a lookup answered in its own message, its thread on its CPU, slow for no reason the JVM
 *       reports: a JIT deoptimization, a page fault, or its thread's CPU time not readable.
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
  private long[] offCpu = new long[16]; // -1: not read
  private long[] waiting = new long[16]; // of offCpu, runnable on a run queue; -1: not read
  private boolean[] later = new boolean[16];
  private int kept;
  private long beyond;
  private long slowest;

  void add(GuardCheck check) {
    long ownWork = check.cost().chargedNanos() - check.cost().delayNanos();
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
      offCpu = Arrays.copyOf(offCpu, grown);
      waiting = Arrays.copyOf(waiting, grown);
      later = Arrays.copyOf(later, grown);
    }
    starts[kept] = check.cost().startNanos();
    own[kept] = ownWork;
    store[kept] = check.cost().storeNanos();
    span[kept] = check.cost().chargedNanos();
    offCpu[kept] = check.cost().offCpuNanos();
    waiting[kept] = check.cost().waitingNanos();
    later[kept] = check.cost().answeredLater();
    kept++;
  }

  GroupSummary.Stalls summary(CollectionPauses pauses) {
    long collection = 0;
    long descheduled = 0;
    long blocked = 0;
    long byStore = 0;
    long queueing = 0;
    long other = beyond;
    for (int i = 0; i < kept; i++) {
      long paused = pauses.overlapNanos(starts[i], starts[i] + span[i]);
      if (2 * paused >= own[i]) {
        collection++;
      } else if (!later[i] && offCpu[i] >= 0 && 2 * offCpu[i] >= own[i]) {
        if (waiting[i] >= 0 && 2 * waiting[i] < offCpu[i]) {
          blocked++;
        } else {
          descheduled++;
        }
      } else if (2 * store[i] >= own[i]) {
        byStore++;
      } else if (later[i] || span[i] > own[i]) { // answered by another message, or it waited for a round trip
        queueing++;
      } else {
        other++;
      }
    }
    return new GroupSummary.Stalls(kept + beyond, collection, descheduled, blocked, byStore, queueing, other, slowest);
  }
}
