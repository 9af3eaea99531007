package dev.memloop.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import dev.memloop.runtime.ReadmeExamples;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * memloop-cluster's README example is this module's ClusterAgent.java, word for word, and it runs as printed in a JVM
 * of its own: the second turn's refund is blocked by the guard, from the memory the sharded agent kept.
 */
class ClusterAgentExampleTest {

  static final String HEADING = "## Example: a sharded agent";

  @Test
  void should_print_in_the_readme_exactly_the_program_the_suite_compiles() throws IOException {
    assertThat(ReadmeExamples.javaBlock(Path.of("README.md"), HEADING)).isEqualTo(Files.readString(Path.of("src/test/java/ClusterAgent.java")));
  }

  @Test
  void should_block_the_repeat_from_the_memory_the_sharded_agent_kept() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    // the budget unlimited (the example reads its defaults from the config): on a loaded machine a cold JVM's first
    // turn can take longer than the default 100 ms, and the guard's lookup would then be unaffordable
    String out = ReadmeExamples.run(ReadmeExamples.testClassPath(), List.of("--add-opens=java.base/java.nio=ALL-UNNAMED",
        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "-Dmemloop.agent.budget=unlimited"), Map.of(), "ClusterAgent",
        Integer.toString(port));
    assertThat(out).contains("turn 0: MISS").contains("turn 1: HIT");
  }
}
