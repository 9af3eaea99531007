package dev.memloop.bench.report;

import dev.memloop.cli.report.RunDirectory;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A results file is written whole or not at all: a value whose serialization fails half way leaves no truncated
 * file (before, {@code agents.json} was left at 61,440 bytes of invalid JSON on a full disk) and no temporary one,
 * and a file written before keeps its content; the completion marker comes last.
 */
class RunDirectoryTest {

  @TempDir
  Path root;

  /** Serializes its first field, then fails: what a full disk or a bad value does half way through a file. */
  public record HalfWritten(String first) {
    public String getSecond() {
      throw new IllegalStateException("the disk is full");
    }
  }

  @Test
  void should_leave_no_truncated_file_when_a_write_fails_half_way() throws Exception {
    RunDirectory run = RunDirectory.create(root, "test");
    List<Object> big = List.of(Map.of("padding", "x".repeat(100_000)), new HalfWritten("a"));
    assertThatThrownBy(() -> run.writeJson("agents.json", big)).isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("cannot write " + run.path().resolve("agents.json")).hasMessageContaining("the disk is full");
    try (var files = Files.list(run.path())) {
      assertThat(files).as("no truncated file, no temporary file").isEmpty();
    }

    run.writeJson("agents.json", List.of(Map.of("agent", "a-1")));
    assertThatThrownBy(() -> run.writeJson("agents.json", big)).isInstanceOf(UncheckedIOException.class);
    assertThat(RunDirectory.JSON.readTree(run.path().resolve("agents.json").toFile()).get(0).get("agent").asText())
        .as("the file written before is whole and unchanged").isEqualTo("a-1");
    assertThat(run.path().resolve(RunDirectory.COMPLETE)).doesNotExist();
    run.markComplete();
    assertThat(run.path().resolve(RunDirectory.COMPLETE)).exists();
  }
}
