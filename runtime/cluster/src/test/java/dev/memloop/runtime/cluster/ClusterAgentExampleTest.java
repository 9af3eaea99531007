package dev.memloop.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * memloop-cluster's README example is this module's ClusterAgent.java, word for word, and it runs as printed in a JVM
 * of its own: the second turn's refund is blocked by the guard, from the memory the sharded agent kept.
 */
class ClusterAgentExampleTest {

  static final String HEADING = "## Example: a sharded agent";

  @Test
  void should_print_in_the_readme_exactly_the_program_the_suite_compiles() throws IOException {
    String readme = Files.readString(Path.of("README.md"));
    int at = readme.indexOf(HEADING);
    assertThat(at).as("the README has the heading '%s'", HEADING).isNotNegative();
    int start = readme.indexOf("```java\n", at);
    int end = readme.indexOf("\n```", start + 8);
    assertThat(readme.substring(start + "```java\n".length(), end + 1))
        .isEqualTo(Files.readString(Path.of("src/test/java/ClusterAgent.java")));
  }

  @Test
  void should_block_the_repeat_from_the_memory_the_sharded_agent_kept() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    ProcessBuilder java = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path"), "ClusterAgent", Integer.toString(port)).redirectErrorStream(true);
    Process process = java.start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(process.exitValue()).as(out).isZero();
    assertThat(out).contains("turn 0: MISS").contains("turn 1: HIT");
  }
}
