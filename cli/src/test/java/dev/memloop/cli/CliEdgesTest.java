package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's edges: the version from the build, short usage errors, --verbose, completion. */
class CliEdgesTest {

  @TempDir
  Path results;

  @Test
  void should_print_the_version_and_commit_the_build_wrote() throws IOException {
    Properties build = new Properties();
    try (InputStream in = Version.class.getResourceAsStream(Version.BUILD_PROPERTIES)) {
      assertThat(in).as("the build writes " + Version.BUILD_PROPERTIES).isNotNull();
      build.load(in);
    }
    String first = CliRun.of("--version").out().lines().findFirst().orElseThrow();
    assertThat(first).startsWith("memloop " + build.getProperty("git.build.version") + " (commit ")
        .doesNotContain("development build").doesNotContain("null");
    if (!build.getProperty("git.commit.id.abbrev", "").isBlank()) {
      assertThat(first).contains(build.getProperty("git.commit.id.abbrev"));
    }
  }

  @Test
  void should_answer_a_usage_error_in_one_line_and_a_hint() {
    CliRun run = CliRun.of("fleet", "--agents", "0", "--out", results.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().lines().toList()).containsExactly("memloop fleet: agents must be > 0: 0",
        "Try 'memloop fleet --help' for usage.");
    CliRun typo = CliRun.of("fleet", "--agnets", "3");
    assertThat(typo.exitCode()).isEqualTo(2);
    assertThat(typo.err()).contains("memloop fleet: Unknown options: '--agnets', '3'").contains("--agents")
        .doesNotContain("Usage:");
  }

  @Test
  void should_refuse_durations_without_their_unit() {
    CliRun run = CliRun.of("fleet", "--rtt", "30", "--out", results.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Invalid value for option '--rtt': a duration needs its unit, as in 30ms or 2s: '30'");
  }

  @Test
  void should_write_a_completion_script() {
    CliRun run = CliRun.of("generate-completion");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("complete -F").contains("fleet").contains("mcp");
  }

  @Test
  void should_refuse_a_vector_impl_that_names_no_kernels_in_one_line_before_any_command() throws Exception {
    java.util.List<String> command = new java.util.ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.addAll(java.util.List.of("-Dmemloop.vector.impl=bogus", "-cp", System.getProperty("java.class.path"),
        "dev.memloop.cli.Main", "fleet", "--agents", "2", "--out", results.toString()));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String console = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(process.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
    assertThat(process.exitValue()).as(console).isEqualTo(2);
    assertThat(console).contains("memloop: -Dmemloop.vector.impl must be 'scalar' or 'panama', not 'bogus'")
        .doesNotContain("ExceptionInInitializerError").doesNotContain("\tat ");
    try (var written = java.nio.file.Files.list(results)) {
      assertThat(written).as("nothing written").isEmpty();
    }
  }
}
