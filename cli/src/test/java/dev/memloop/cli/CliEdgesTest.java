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
  void should_print_the_stack_trace_only_with_verbose() {
    CliRun quiet = CliRun.of("reproduce", "--only", "fig99", "--out", results.toString());
    assertThat(quiet.err()).doesNotContain("\tat ");
    CliRun verbose = CliRun.of("reproduce", "--only", "fig99", "--out", results.toString(), "--verbose");
    assertThat(verbose.exitCode()).isEqualTo(2);
    assertThat(verbose.err()).contains("no experiment 'fig99'").contains("\tat ");
  }

  @Test
  void should_refuse_durations_without_their_unit() {
    CliRun run = CliRun.of("fleet", "--rtt", "30", "--out", results.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Invalid value for option '--rtt': a duration needs its unit, as in 30ms or 2s: '30'");
  }

  @Test
  void should_list_every_experiment_in_the_reproduce_help() {
    String help = CliRun.of("reproduce", "--help").out();
    String unwrapped = help.replaceAll("\\s+", " ");
    for (dev.memloop.bench.experiments.Experiment e : dev.memloop.bench.experiments.Experiments.all()) {
      assertThat(help).contains("  " + e.id() + " ");
      assertThat(unwrapped).contains(e.title());
    }
  }

  @Test
  void should_run_experiments_named_as_subcommands_once_with_options_before_or_after() throws IOException {
    CliRun after = CliRun.of("reproduce", "amplification", "fig7", "--quick", "--json", "--no-progress", "--out",
        results.resolve("a").toString());
    CliRun before = CliRun.of("reproduce", "--quick", "--json", "--out", results.resolve("b").toString(), "fig7",
        "amplification", "--no-progress");
    for (CliRun run : new CliRun[] {after, before}) {
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(dev.memloop.bench.report.RunDirectory.JSON.readTree(run.out()).fieldNames()).toIterable()
          .as("one run, in the paper's order").containsExactly("fig7", "amplification");
    }
    try (java.util.stream.Stream<Path> runs = java.nio.file.Files.list(results.resolve("a"))) {
      assertThat(runs).hasSize(1);
    }
    assertThat(CliRun.of("reproduce", "fig7", "--help").out()).contains("Figure 7: the window x facts sweep")
        .contains("--quick");
  }

  @Test
  void should_point_to_the_jmh_jar_when_it_is_not_built() {
    CliRun run = CliRun.of("jmh", "-l");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("the JMH benchmarks jar is not built").contains("memloop-jmh.jar")
        .contains("./memloop jmh");
  }

  @Test
  void should_write_a_completion_script() {
    CliRun run = CliRun.of("generate-completion");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("complete -F").contains("reproduce").contains("fleet");
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
