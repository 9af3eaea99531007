package dev.memloop.runtime.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.timing.CollectionPauses;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.ReadCost;
import org.junit.jupiter.api.Test;

/** A slow lookup is attributed by what happened to its thread and where its time went, not by where it landed. */
class StallTallyTest {

  static final long MS = 1_000_000;

  /** A lookup at the clock's origin, long before any pause this JVM reports. */
  static GuardCheck lookup(long ownMs, long storeMs, long delayMs, boolean answeredLater, long offCpuMs) {
    return lookup(ownMs, storeMs, delayMs, answeredLater, offCpuMs, -1);
  }

  /** As above, with how long of its time off its CPU the thread waited for a core (-1: not reported). */
  static GuardCheck lookup(long ownMs, long storeMs, long delayMs, boolean answeredLater, long offCpuMs,
      long waitingMs) {
    return new GuardCheck(GuardOutcome.MISS, null, Double.NaN, new ReadCost(0, storeMs * MS, delayMs * MS,
        (ownMs + delayMs) * MS, 1, answeredLater, offCpuMs < 0 ? -1 : offCpuMs * MS, waitingMs < 0 ? -1 : waitingMs * MS));
  }

  @Test
  void should_tell_a_descheduled_thread_from_the_store_from_queueing_and_from_other() {
    StallTally tally = new StallTally();
    tally.add(lookup(0, 0, 0, false, -1)); // within the margin: not slow
    tally.add(lookup(8, 5, 0, false, 6)); // the thread off its CPU 6 of 8 ms: descheduled, though the store took 5
    tally.add(lookup(8, 5, 0, false, 1)); // on its CPU, the store's own work most of it
    tally.add(lookup(106, 2, 0, true, -1)); // answered by a later message, store 2 ms: a pool or a mailbox
    tally.add(lookup(4, 0, 30, false, 0)); // waited for an injected round trip beyond it
    tally.add(lookup(5, 1, 0, false, 0)); // on its CPU, neither store nor waiting: JIT, a fault
    tally.add(lookup(5, 1, 0, false, -1)); // the thread's CPU time not readable

    GroupSummary.Stalls stalls = tally.summary(CollectionPauses.jvm());

    assertThat(stalls.slow()).isEqualTo(6);
    assertThat(stalls.collection()).isZero();
    assertThat(stalls.descheduled()).isEqualTo(1);
    assertThat(stalls.blocked()).isZero();
    assertThat(stalls.store()).isEqualTo(1);
    assertThat(stalls.queueing()).isEqualTo(2);
    assertThat(stalls.other()).isEqualTo(2);
    assertThat(stalls.slowestNanos()).isEqualTo(106 * MS);
  }

  @Test
  void should_tell_a_thread_waiting_for_a_core_from_one_that_could_not_run() {
    StallTally tally = new StallTally();
    tally.add(lookup(10, 1, 0, false, 9, 8)); // off its CPU 9 of 10 ms, 8 of them runnable: descheduled
    tally.add(lookup(10, 1, 0, false, 9, 1)); // off its CPU 9 ms, runnable 1: blocked (an allocation stall, a lock)
    tally.add(lookup(10, 1, 0, false, 8, 4)); // runnable exactly half the time off its CPU: waiting for a core
    tally.add(lookup(10, 1, 0, false, 9, -1)); // the run delay not reported: descheduled, as before it was read
    tally.add(lookup(10, 7, 0, false, 2, 0)); // on its CPU most of it: the store, whatever the run delay

    GroupSummary.Stalls stalls = tally.summary(CollectionPauses.jvm());

    assertThat(stalls.slow()).isEqualTo(5);
    assertThat(stalls.descheduled()).isEqualTo(3);
    assertThat(stalls.blocked()).isEqualTo(1);
    assertThat(stalls.store()).isEqualTo(1);
    assertThat(stalls.other()).isZero();
  }
}
