package dev.memloop.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The scheduler's run delay: read from its line, and told apart from time a thread could not run. */
class RunQueueWaitTest {

  static ByteBuffer line(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
    return ByteBuffer.allocateDirect(96).put(bytes);
  }

  @Test
  void should_read_the_second_field_of_a_schedstat_line() {
    assertThat(RunQueueWait.parse(line("763534839 7675673 126\n"), 22)).isEqualTo(7_675_673);
    assertThat(RunQueueWait.parse(line("5 0 1\n"), 6)).isZero();
  }

  @Test
  void should_say_unknown_for_a_line_that_is_not_a_schedstat_line() {
    assertThat(RunQueueWait.parse(line("763534839\n"), 10)).isEqualTo(-1);
    assertThat(RunQueueWait.parse(line("abc def ghi"), 11)).isEqualTo(-1);
    assertThat(RunQueueWait.parse(line(""), 0)).isEqualTo(-1);
  }

  @Test
  void should_keep_at_most_its_limit_of_files_open_however_many_threads_read() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux with scheduler statistics");
    Semaphore limit = new Semaphore(4); // its own limit: the shared one stays untouched
    List<RunQueueWait.Reader> readers = Collections.synchronizedList(new ArrayList<>());
    List<Long> delays = Collections.synchronizedList(new ArrayList<>());
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < 12; i++) { // readers are held here, so none is closed while the others open
      Thread thread = new Thread(() -> {
        RunQueueWait.Reader reader = RunQueueWait.Reader.open(limit);
        readers.add(reader);
        if (reader != null) {
          delays.add(reader.read()); // on its own thread: a gone thread's file reads nothing
        }
      });
      thread.start();
      threads.add(thread);
    }
    for (Thread thread : threads) {
      thread.join();
    }

    assertThat(readers).hasSize(12);
    assertThat(readers.stream().filter(Objects::nonNull).count()).isEqualTo(4);
    assertThat(delays).as("each open reader reads its thread's run delay").hasSize(4).allMatch(delay -> delay >= 0);
  }

  @Test
  void should_say_unknown_on_a_virtual_thread() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux with scheduler statistics");
    assumeTrue(Runtime.version().feature() >= 21, "virtual threads");
    AtomicLong seen = new AtomicLong(Long.MIN_VALUE);
    // by reflection: the code and its tests compile for Java 17
    Thread virtual = (Thread) Thread.class.getMethod("startVirtualThread", Runnable.class)
        .invoke(null, (Runnable) () -> seen.set(RunQueueWait.nanos()));
    virtual.join();
    assertThat(seen.get()).as("its file would name a carrier, not the virtual thread").isEqualTo(-1);
  }

  @Test
  void should_not_count_time_parked_as_time_waiting_for_a_core() {
    assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux with scheduler statistics");
    ThreadCpu.mark();
    long parkedUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50);
    for (long left = TimeUnit.MILLISECONDS.toNanos(50); left > 0; left = parkedUntil - System.nanoTime()) {
      LockSupport.parkNanos(left); // not runnable while parked: off its CPU without waiting for a core
    }
    long offCpu = ThreadCpu.offCpuSinceMark();
    long waiting = ThreadCpu.waitingSinceMark();

    assertThat(offCpu).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(45));
    assertThat(waiting).isGreaterThanOrEqualTo(0);
    assertThat(offCpu - waiting).as("the parked time, not a wait for a core")
        .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(45));
  }
}
