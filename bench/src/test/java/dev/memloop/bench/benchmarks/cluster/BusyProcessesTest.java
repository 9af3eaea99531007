package dev.memloop.bench.benchmarks.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code cluster-demo --hog}'s busy processes: bounded by their own deadline and by close, refused beyond 4 a core. */
class BusyProcessesTest {

  @Test
  void should_kill_every_busy_process_it_started_when_closed() throws Exception {
    List<ProcessHandle> started;
    try (BusyProcesses busy = BusyProcesses.start(2, Duration.ofMinutes(5))) {
      assertThat(busy.count()).isEqualTo(2);
      started = busy.pids().stream().map(pid -> ProcessHandle.of(pid).orElseThrow()).toList();
      assertThat(started).allMatch(ProcessHandle::isAlive);
    }
    for (ProcessHandle p : started) {
      p.onExit().get(1, TimeUnit.MINUTES); // close waited for them: each is gone
      assertThat(p.isAlive()).isFalse();
    }
  }

  @Test
  void should_end_by_itself_at_its_deadline() throws Exception {
    try (BusyProcesses busy = BusyProcesses.start(1, Duration.ofMillis(300))) {
      ProcessHandle p = ProcessHandle.of(busy.pids().get(0)).orElseThrow();
      p.onExit().get(2, TimeUnit.MINUTES); // nobody kills it: it stops spinning at its deadline
      assertThat(p.isAlive()).isFalse();
    }
  }

  @Test
  void should_refuse_more_than_four_per_core_naming_the_count() {
    int cores = Runtime.getRuntime().availableProcessors();
    assertThat(BusyProcesses.check(4 * cores)).isEqualTo(4 * cores);
    assertThatThrownBy(() -> BusyProcesses.start(4 * cores + 1, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("hog must be in [0, " + 4 * cores + "] (at most 4 busy processes per core, " + cores + " cores): "
            + (4 * cores + 1));
    assertThatThrownBy(() -> BusyProcesses.check(-1)).hasMessageEndingWith("cores): -1");
  }
}
