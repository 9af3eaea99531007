package dev.memloop.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.cli.CliRun;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's edges with memloop-bench's commands on it: --verbose, reproduce's experiments, jmh. */
class BenchCliEdgesTest {

  @TempDir
  Path results;

  @Test
  void should_print_the_stack_trace_only_with_verbose() {
    CliRun quiet = CliRun.of("reproduce", "--only", "fig99", "--out", results.toString());
    assertThat(quiet.err()).doesNotContain("\tat ");
    CliRun verbose = CliRun.of("reproduce", "--only", "fig99", "--out", results.toString(), "--verbose");
    assertThat(verbose.exitCode()).isEqualTo(2);
    assertThat(verbose.err()).contains("no experiment 'fig99'").contains("\tat ");
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
      assertThat(dev.memloop.cli.report.RunDirectory.JSON.readTree(run.out()).fieldNames()).toIterable()
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
}
