package dev.memloop.bench.benchmarks.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node started by cluster-demo leaves and exits once the process that started it is gone: here its standard
 * input is closed, as the operating system closes it when the parent dies (killing the test JVM would end the
 * test). Its log is kept where it was asked to be, not in the temporary directory.
 */
class NodeProcessesTest {

  @TempDir
  Path logs;

  @Test
  void should_stop_a_node_whose_parent_is_gone_and_keep_its_log() throws Exception {
    try (NodeProcesses nodes = new NodeProcesses(logs)) {
      int port = nodes.start(0, 42, List.of());
      Path log = logs.resolve("node-" + port + ".log");
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
      while (!Files.exists(log) || !Files.readString(log).contains("node up")) {
        assertThat(nodes.process(0).isAlive()).as("the node started: " + (Files.exists(log) ? Files.readString(log)
            : "no log")).isTrue();
        assertThat(System.nanoTime() - deadline).as("the node said it was up").isNegative();
        Thread.sleep(100);
      }
      nodes.process(0).getOutputStream().close(); // what the parent's death does to the pipe
      assertThat(nodes.process(0).waitFor(60, TimeUnit.SECONDS)).as("the node exited").isTrue();
      assertThat(Files.readString(log)).contains("the process that started it is gone");
    }
    assertThat(logs.toFile().list()).as("the log is kept with the run's results").hasSize(1);
  }
}
