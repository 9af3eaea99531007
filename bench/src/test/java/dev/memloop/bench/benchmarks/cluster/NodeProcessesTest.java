package dev.memloop.bench.benchmarks.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node started by cluster-demo leaves and exits once the process that started it is gone: here its standard
 * input is closed, as the operating system closes it when the parent dies (killing the test JVM would end the
 * test). Its log is kept where it was asked to be, not in the temporary directory. In the CLI module: the node is
 * {@code memloop node}, whose main class is there.
 */
class NodeProcessesTest {

  @TempDir
  Path logs;

  @Test
  void should_stop_a_node_whose_parent_is_gone_and_keep_its_log() throws Exception {
    try (NodeProcesses nodes = new NodeProcesses(logs)) {
      int port = nodes.start(0, 42, List.of());
      Path log = logs.resolve("node-" + port + ".log");
      await("node up in " + log).atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(100))
          .failFast("the node exited", () -> !nodes.process(0).isAlive())
          .until(() -> Files.exists(log) && Files.readString(log).contains("node up"));
      nodes.process(0).getOutputStream().close(); // what the parent's death does to the pipe
      assertThat(nodes.process(0).waitFor(60, TimeUnit.SECONDS)).as("the node exited").isTrue();
      assertThat(Files.readString(log)).contains("the process that started it is gone");
    }
    assertThat(logs.toFile().list()).as("the log is kept with the run's results").hasSize(1);
  }
}
