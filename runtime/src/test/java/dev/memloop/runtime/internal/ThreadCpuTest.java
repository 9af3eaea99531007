package dev.memloop.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The off-CPU arithmetic on given clock readings, and message numbers unique across threads; no clock is waited on. */
class ThreadCpuTest {

  @Test
  void should_count_wall_time_not_spent_on_the_cpu_since_the_mark() {
    long[] marks = ThreadCpu.unmarked();
    ThreadCpu.mark(marks, 1_000_000, 400_000); // wall and thread CPU clocks when the message began
    // 50 ms later by the wall clock, 0.2 ms more of CPU: the thread ran 0.2 ms of the 50
    assertThat(ThreadCpu.offCpu(marks, 51_000_000, 600_000)).isEqualTo(49_800_000);
    // all of it on the CPU (CPU clocks can run a little ahead of the wall clock's reading): never below 0
    assertThat(ThreadCpu.offCpu(marks, 2_000_000, 1_500_000)).isZero();
    assertThat(marks[2]).as("one message marked").isEqualTo(1);
  }

  @Test
  void should_say_unknown_on_a_thread_never_marked() throws Exception {
    AtomicLong seen = new AtomicLong();
    Thread fresh = new Thread(() -> seen.set(ThreadCpu.offCpuSinceMark()));
    fresh.start();
    fresh.join();
    assertThat(seen.get()).isEqualTo(-1);
  }

  @Test
  void should_number_messages_so_that_no_two_threads_share_a_number() throws Exception {
    long before = ThreadCpu.message();
    ThreadCpu.mark();
    assertThat(ThreadCpu.message()).as("a new message on this thread").isEqualTo(before + 1);
    long marksHere = ThreadCpu.message() & ((1L << 40) - 1); // the count below the thread's own prefix
    AtomicLong other = new AtomicLong();
    Thread fresh = new Thread(() -> {
      for (long i = 0; i < marksHere; i++) { // as many marks as this thread made
        ThreadCpu.mark();
      }
      other.set(ThreadCpu.message());
    });
    fresh.start();
    fresh.join();
    assertThat(other.get()).as("another thread's count never meets this one's").isNotEqualTo(ThreadCpu.message());
  }
}
