package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Main.main} as a user's shell runs it: its own JVM, {@code System.exit} at the end, and none of the
 * launcher's flags (no {@code --add-modules jdk.incubator.vector}), as {@code java -cp memloop.jar} gives.
 */
class MainProcessTest {

  @TempDir
  Path cache;

  @Test
  void should_print_the_embedder_table_before_exiting_without_the_vector_module() throws Exception {
    Path model = Files.createDirectories(cache.resolve("potion-test-256"));
    Files.writeString(model.resolve("memloop-distill.json"), "{\"teacher\": \"all-minilm-l6-v2-q\", \"dimensions\": 256, "
        + "\"tokens\": 30000, \"created\": \"2026-12-01T20:00:00Z\", \"seconds\": 5.2}");
    Process process = new ProcessBuilder(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
        System.getProperty("java.class.path"), Main.class.getName(), "embedder", "info", "--cache", cache.toString()))
        .redirectErrorStream(true).start();
    String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(process.exitValue()).as(printed).isZero();
    // the table is printed without a final newline: before Main flushed its writers, System.exit lost it
    assertThat(printed).as("the table").contains("potion-test-256").contains("all-minilm-l6-v2-q")
        .contains("NO (rebuilt at next use)");
    assertThat(printed).doesNotContain("NoClassDefFoundError");
  }
}
