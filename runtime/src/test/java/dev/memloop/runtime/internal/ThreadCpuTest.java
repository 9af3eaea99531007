package dev.memloop.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

class ThreadCpuTest {

  @Test
  void should_count_a_sleeping_thread_as_off_its_cpu_since_the_mark() throws Exception {
    assumeTrue(ManagementFactory.getThreadMXBean().isCurrentThreadCpuTimeSupported(), "no thread CPU time here");
    long before = ThreadCpu.sequence();
    ThreadCpu.mark();
    assertThat(ThreadCpu.sequence()).as("a new message number").isEqualTo(before + 1);
    Thread.sleep(50); // at least 50 ms of wall time in which the thread runs nothing
    // a sleeping thread uses well under 10 ms of CPU: a bound on the measurement, not a timing of anything
    assertThat(ThreadCpu.offCpuSinceMark()).isGreaterThanOrEqualTo(40_000_000L);
  }

  @Test
  void should_say_unknown_on_a_thread_never_marked() throws Exception {
    long[] seen = new long[1];
    Thread fresh = new Thread(() -> seen[0] = ThreadCpu.offCpuSinceMark());
    fresh.start();
    fresh.join();
    assertThat(seen[0]).isEqualTo(-1);
  }
}
