package dev.memloop.bench.cli;

import dev.memloop.cli.CliRun;
import dev.memloop.cli.command.Heap;
import dev.memloop.cli.command.Failures;
import dev.memloop.memory.timing.Units;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.cli.report.RunDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** memloop lifecycle, bench durability, runtime and cluster, cluster-demo: named errors, and small real runs. */
class LifecycleCommandsTest {

  @TempDir
  Path results;

  static Stream<Arguments> badFlags() {
    return Stream.of(
        Arguments.of(new String[] {"lifecycle", "agents", "--rounds", "0"}, "rounds must be > 0: 0"),
        Arguments.of(new String[] {"lifecycle", "agents", "--seconds", "0"}, "seconds per round must be in (0, 60]: 0.0"),
        Arguments.of(new String[] {"lifecycle", "agents", "--in-flight", "0"}, "lifecycles in flight must be in [1, 100000]: 0"),
        Arguments.of(new String[] {"lifecycle", "agents", "--steps", "0"}, "steps per turn must be in [1, 1000]: 0"),
        Arguments.of(new String[] {"lifecycle", "agents", "--idle", "-1"}, "idle must be in [0, 1000000]: -1"),
        Arguments.of(new String[] {"lifecycle", "agents", "--idle", "2000000000"},
            "idle must be in [0, 1000000]: 2000000000"),
        Arguments.of(new String[] {"lifecycle", "idle", "--agents", "0"}, "agents must be in [1, 10000000]: 0"),
        Arguments.of(new String[] {"lifecycle", "idle", "--items", "0"}, "items must be in [1, 1000]: 0"),
        Arguments.of(new String[] {"lifecycle", "idle", "--sample", "-1"}, "sample must be >= 0: -1"),
        Arguments.of(new String[] {"lifecycle", "idle", "--form", "tiny"}, "'tiny': expected compact or full"),
        Arguments.of(new String[] {"lifecycle", "idle", "--active", "-1"}, "active must be >= 0: -1"),
        Arguments.of(new String[] {"lifecycle", "idle", "--idle-timeout", "0s"},
            "--idle-timeout must be > 0 and <= 365d: 0s"),
        Arguments.of(new String[] {"lifecycle", "idle", "--idle-timeout", "400d"},
            "--idle-timeout must be > 0 and <= 365d: 400d"),
        Arguments.of(new String[] {"lifecycle", "idle", "--active", "2000000000"},
            "--active 2000000000: 100,000 idle and 2,000,000,000 active agents need about"),
        Arguments.of(new String[] {"lifecycle", "idle", "--agents", "10000000", "--items", "1000"},
            "--agents 10000000: 10,000,000 idle agents of 1000 items need about"),
        Arguments.of(new String[] {"blackboard", "stress", "--read-pause", "1e12d"},
            "--read-pause must be at most 1s: "),
        Arguments.of(new String[] {"bench", "durability", "--agents", "0"}, "--agents must be in [1, 10000]: 0"),
        Arguments.of(new String[] {"bench", "durability", "--turns", "1001"}, "--turns must be in [1, 1000]: 1001"),
        Arguments.of(new String[] {"bench", "durability", "--items-per-turn", "-1"},
            "--items-per-turn must be in [0, 100]: -1"),
        Arguments.of(new String[] {"bench", "durability", "--snapshot-every", "0"},
            "--snapshot-every must be in [1, 1000]: 0"),
        Arguments.of(new String[] {"bench", "durability", "--rounds", "11"}, "--rounds must be in [1, 10]: 11"),
        Arguments.of(new String[] {"bench", "durability", "--pg-url", "mysql://u:hunter2@db/x?password=hunter2"},
            "'mysql://u:***@db/x?password=***'"),
        Arguments.of(new String[] {"bench", "runtime", "--items", "0"}, "items must be in [1, 1000000]: 0"),
        Arguments.of(new String[] {"bench", "runtime", "--steps", "1"}, "steps per turn must be in [2, 60]: 1"),
        Arguments.of(new String[] {"bench", "runtime", "--turns", "0"}, "turns must be in [1, 100000]: 0"),
        Arguments.of(new String[] {"bench", "runtime", "--agents", "-2"}, "agents must be >= 0: -2"),
        Arguments.of(new String[] {"bench", "cluster", "--agents", "0"}, "agents must be in [1, 10000]: 0"),
        Arguments.of(new String[] {"bench", "cluster", "--rounds", "21"}, "rounds must be in [1, 20]: 21"),
        Arguments.of(new String[] {"bench", "cluster", "--requests", "5"}, "requests must be in [10, 1000000]: 5"),
        Arguments.of(new String[] {"bench", "cluster", "--items", "0"}, "items must be in [1, 1000000]: 0"),
        Arguments.of(new String[] {"bench", "cluster", "--posts", "0"}, "posts must be in [1, 100000]: 0"),
        Arguments.of(new String[] {"cluster-demo", "--nodes", "1"}, "nodes must be in [2, 9]: 1"),
        Arguments.of(new String[] {"cluster-demo", "--agents", "0"}, "agents must be in [1, 10000]: 0"),
        Arguments.of(new String[] {"cluster-demo", "--kill-after-turn", "3"}, "kill-after-turn must be in [-1, 2]: 3"),
        Arguments.of(new String[] {"cluster-demo", "--seed", "1000000003"}, "seed 1000000003 is held out"),
        Arguments.of(new String[] {"cluster-demo", "--hog", "-1"}, "hog must be in [0, "
            + 4 * Runtime.getRuntime().availableProcessors() + "] (at most 4 busy processes per core"),
        Arguments.of(new String[] {"cluster-demo", "--hog", "1000"}, "cores): 1000"),
        Arguments.of(new String[] {"cluster-demo", "--kill-during-handoff", "--nodes", "3"},
            "--kill-during-handoff kills two nodes in turn --kill-after-turn (in [0, 2]): it needs --nodes 4 or more"),
        Arguments.of(new String[] {"cluster-demo", "--kill-mid-turn", "--restart-all"},
            "--kill-mid-turn needs a turn to kill in (--kill-after-turn in [0, 2]) and kills one node"),
        Arguments.of(new String[] {"cluster-demo", "--kill-mid-turn", "--kill-after-turn", "-1"},
            "--kill-mid-turn needs a turn to kill in"),
        Arguments.of(new String[] {"cluster-demo", "--restart-all", "--kill-after-turn", "-1"},
            "--restart-all needs a turn to restart after: --kill-after-turn must be in [0, 2], not -1"));
  }

  @ParameterizedTest
  @MethodSource("badFlags")
  void should_reject_bad_flags_naming_the_value(String[] args, String message) throws IOException {
    CliRun.assertRefused(args, message, results);
  }

  @Test
  void should_time_the_lifecycles_and_the_turn_s_tax() {
    CliRun lifecycle = CliRun.of("lifecycle", "agents", "--rounds", "1", "--seconds", "0.1", "--warmup", "0", "--idle", "200",
        "--embedder", "hashing", "--out", results.toString());
    assertThat(lifecycle.exitCode()).as(lifecycle.err()).isZero();
    assertThat(lifecycle.out()).contains("spawn + turn + stop /s").contains("heap bytes per idle actor");
    CliRun idle = CliRun.of("lifecycle", "idle", "--agents", "300", "--items", "4", "--sample", "30", "--active", "20",
        "--idle-timeout", "200ms",
        "--embedder", "hashing", "--out", results.toString());
    assertThat(idle.exitCode()).as(idle.err()).isZero();
    assertThat(idle.out()).contains("300 x 4").contains("heap per idle agent")
        .contains("idle agents passivated after 200ms")
        .containsPattern("agents back that caught a repeat +30 of 30")
        .containsPattern("active fleet beside them \\(nano-sim, simulated\\) +20 agents, [0-9,]+ steps/s, 0 redundant");
    CliRun runtime = CliRun.of("bench", "runtime", "--items", "50", "--turns", "3", "--agents", "20",
        "--embedder", "hashing", "--out", results.toString());
    assertThat(runtime.exitCode()).as(runtime.err()).isZero();
    assertThat(runtime.out()).contains("+110 ms RTT (modeled)").contains("guarded (per-step)");
  }
}
