package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CommandLineTest {

  @TempDir
  Path results;

  static Stream<Arguments> badFlags() {
    return Stream.of(
        Arguments.of(new String[] {"embedder", "distill", "--dims", "0"}, "dimensions must be in [1, 384]: 0"),
        Arguments.of(new String[] {"embedder", "distill", "--dims", "500"}, "dimensions must be in [1, 384]: 500"),
        Arguments.of(new String[] {"embedder", "distill", "--threads", "0"}, "threads must be in [1, 256]: 0"),
        Arguments.of(new String[] {"embedder", "distill", "--threads", "2000000000"},
            "threads must be in [1, 256]: 2000000000"),
        Arguments.of(new String[] {"embedder", "distill", "--teacher", "gpt-9"}, "unknown teacher 'gpt-9'"),
        Arguments.of(new String[] {"embedder"}, "choose: distill or info"),
        Arguments.of(new String[] {}, "choose a command"),
        Arguments.of(new String[] {"teleport"}, "teleport"));
  }

  @ParameterizedTest
  @MethodSource("badFlags")
  void should_reject_bad_flags_naming_the_value(String[] args, String message) throws IOException {
    String[] withOut = CliRun.append(args, results);
    CliRun run = CliRun.of(withOut);
    assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
    assertThat(run.err()).contains(message);
    try (Stream<Path> written = Files.list(results)) {
      assertThat(written).as("nothing written for a refused command").isEmpty();
    }
  }

  @Test
  void should_answer_help_and_version_everywhere() {
    for (String[] args : new String[][] {{"--help"}, {"fleet", "--help"}, {"embedder", "info", "--help"},
        {"--version"}}) {
      CliRun run = CliRun.of(args);
      assertThat(run.exitCode()).as(String.join(" ", args)).isZero();
      assertThat(run.out()).as(String.join(" ", args)).containsAnyOf("Usage: memloop", "memloop");
    }
    assertThat(CliRun.of("--version").out()).contains("vector kernels");
  }

  @Test
  void should_list_an_empty_cache() {
    CliRun info = CliRun.of("embedder", "info", "--cache", results.resolve("empty-cache").toString());
    assertThat(info.exitCode()).isZero();
    assertThat(info.out()).contains("no distilled model yet");
  }
}
