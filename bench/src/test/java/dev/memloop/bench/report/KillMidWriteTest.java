package dev.memloop.bench.report;

import dev.memloop.cli.report.RunDirectory;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} while a results file is being written: what is left is a whole {@code agents.json} of a version
 * that finished (the last one the writer said, or one it finished before the kill landed), and at most the
 * temporary sibling; never a truncated file. Each repetition kills at another moment of a write.
 */
class KillMidWriteTest {

  @TempDir
  Path root;

  @RepeatedTest(3)
  void should_leave_a_whole_file_of_a_finished_version() throws Exception {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), WriteForever.class.getName(),
        root.toString()));
    Process writer = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    Path dir;
    long said;
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(writer.getInputStream(),
        StandardCharsets.UTF_8))) {
      dir = Path.of(lines.readLine().substring("dir ".length()));
      String line = lines.readLine();
      while (line != null && !line.equals("wrote 3")) {
        line = lines.readLine();
      }
      assertThat(line).as("the writer wrote three versions").isEqualTo("wrote 3");
      said = 3;
      TimeUnit.MICROSECONDS.sleep(ThreadLocalRandom.current().nextInt(20_000)); // somewhere in the next write
      writer.destroyForcibly(); // SIGKILL: nothing flushed, no shutdown hook
      assertThat(writer.waitFor(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      writer.destroyForcibly();
    }
    JsonNode left = RunDirectory.JSON.readTree(dir.resolve("agents.json").toFile()); // throws on a truncated file
    assertThat(left.path("version").asLong()).as("a version that finished, the last one said or later")
        .isGreaterThanOrEqualTo(said);
    assertThat(left.path("agents")).hasSize(40_000);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).toList())
          .as("the file, run.json never written here, and at most the temporary sibling")
          .containsAnyOf("agents.json").allMatch(n -> n.equals("agents.json") || n.equals(".agents.json.tmp"));
    }
  }
}
