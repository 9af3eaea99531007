package dev.memloop.bench.cli;

import dev.memloop.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.cli.report.RunDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** memloop reproduce: named errors, and a quick run of the fast experiments with every file it writes. */
class ReproduceCommandTest {

  @TempDir
  Path results;

  static Stream<Arguments> badFlags() {
    return Stream.of(
        Arguments.of(new String[] {"reproduce", "--only", "fig5,fig99"}, "no experiment 'fig99'; choose from"),
        Arguments.of(new String[] {"reproduce", "--only", "table1,"}, "--only has an empty name (a comma too many?)"),
        Arguments.of(new String[] {"reproduce", "--only", "table1,table1"}, "--only names table1 twice"),
        Arguments.of(new String[] {"reproduce", "fig5", "--only", "fig5"}, "--only names fig5 twice (or as a command too)"),
        Arguments.of(new String[] {"reproduce", "fig5", "fig5"}, "names fig5 twice: name each experiment once"),
        Arguments.of(new String[] {"reproduce", "fig5", "tablex"}, "Unmatched argument at index 2: 'tablex'"),
        Arguments.of(new String[] {"reproduce", "--pg-url", "mysql://db"}, "--pg-url must be a jdbc:postgresql: URL, as in "),
        Arguments.of(new String[] {"reproduce", "--pg-url", "mysql://db?password=hunter2"}, "'mysql://db?password=***'"),
        Arguments.of(new String[] {"reproduce", "--seed", "1000000002"}, "seed 1000000002 is held out"),
        Arguments.of(new String[] {"reproduce", "--embedder", "bert-huge"}, "'bert-huge'"),
        Arguments.of(new String[] {"reproduce", "--network-embed", "0ms"}, "network embed cost must be > 0: 0s"),
        Arguments.of(new String[] {"reproduce", "--network-embed", "soon"}, "not a duration (as in 30ms, 1s): 'soon'"));
  }

  @ParameterizedTest
  @MethodSource("badFlags")
  void should_reject_bad_flags_naming_the_value(String[] args, String message) throws IOException {
    CliRun.assertRefused(args, message, results);
  }

  static Stream<Arguments> onlyForms() {
    return Stream.of(Arguments.of((Object) new String[] {"--only", "fig5"}),
        Arguments.of((Object) new String[] {"--only=fig5"}),
        Arguments.of((Object) new String[] {"--only", "fig5,amplification"}),
        Arguments.of((Object) new String[] {"--only", "fig5", "--only", "amplification"}),
        Arguments.of((Object) new String[] {"fig5", "amplification"}));
  }

  @ParameterizedTest
  @MethodSource("onlyForms")
  void should_run_the_experiments_named_in_every_form_the_help_shows(String[] form) throws IOException {
    List<String> args = new java.util.ArrayList<>(List.of("reproduce"));
    args.addAll(List.of(form));
    args.addAll(List.of("--quick", "--embedder", "hashing-256", "--json", "--out", results.toString()));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> ran = new java.util.ArrayList<>();
    RunDirectory.JSON.readTree(run.out()).fieldNames().forEachRemaining(ran::add);
    assertThat(ran).as(String.join(" ", form)).containsExactlyElementsOf(String.join(",", form).contains("amplification")
        ? List.of("fig5", "amplification") : List.of("fig5"));
  }

  @Test
  void should_write_the_report_the_page_the_charts_and_the_records() throws IOException {
    CliRun run = CliRun.of("reproduce", "fig7", "table1", "--quick", "--only", "fig5,amplification", "--embedder", "hashing-256",
        "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode json = RunDirectory.JSON.readTree(run.out());
    assertThat(json.fieldNames()).toIterable().containsExactly("table1", "fig5", "fig7", "amplification");
    JsonNode fig5 = json.get("fig5").get("cells");
    assertThat(fig5).hasSize(30);
    Path dir;
    try (Stream<Path> runs = Files.list(results)) {
      dir = runs.findFirst().orElseThrow();
    }
    for (String file : new String[] {"run.json", "report.md", "index.html", "reproduce.json", "fig5.json", "fig7.json",
        "amplification.json", "table1.json", "fig5-left.png", "fig5-right.png", "fig7-baseline.png", "fig7-memory.png",
        "fig5-left.svg", "fig5-right.svg", "fig7-baseline.svg", "fig7-memory.svg"}) {
      assertThat(dir.resolve(file)).as(file).isNotEmptyFile();
    }
    String report = Files.readString(dir.resolve("report.md"));
    assertThat(report).contains("Where this run differs from the paper").contains("nearest-rank")
        .contains("## Figure 5").contains("9.7 [8-10] (3)").contains("](fig5-left.png)")
        .contains("Grey markers without a line are the paper's values.* ([SVG](fig5-left.svg))");
    String page = Files.readString(dir.resolve("index.html"));
    assertThat(page).contains("<img src=\"fig7-memory.png\"").contains("<table>").contains("<figcaption>")
        .containsPattern("<p class=\"run\">JDK [^<]*git [^<]*started 20[^<]*seed 42, quick</p>");
    assertThat(RunDirectory.JSON.readTree(dir.resolve("run.json").toFile()).get("format").asInt()).isEqualTo(1);
    assertThat(RunDirectory.JSON.readTree(dir.resolve("run.json").toFile()).toString()).contains("nearest rank");
  }

  @Test
  void should_write_the_pattern_studies_with_their_charts_and_a_verdict_each() throws IOException {
    CliRun run = CliRun.of("reproduce", "gap", "horizon", "--quick", "--embedder", "hashing-256", "--json", "--out",
        results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode json = RunDirectory.JSON.readTree(run.out());
    assertThat(json.fieldNames()).toIterable().containsExactly("gap", "horizon");
    assertThat(json.get("gap").get("cells")).as("2 embedders x 3 fact counts x 5 copy counts x 5 policies").hasSize(150);
    Path dir;
    try (Stream<Path> runs = Files.list(results)) {
      dir = runs.filter(p -> p.resolve("gap.json").toFile().exists()).findFirst().orElseThrow();
    }
    for (String file : new String[] {"gap.json", "horizon.json", "gap-hashing-256.png", "gap-minilm.png",
        "horizon-steps-per-turn.png", "horizon-same-turn-share.png"}) {
      assertThat(dir.resolve(file)).as(file).isNotEmptyFile();
    }
    String report = Files.readString(dir.resolve("report.md"));
    assertThat(report.contains("## Closing Table 1's gap") && report.contains("## Long-horizon study"))
        .as("both sections").isTrue();
    assertThat(report.contains("the paper's reading") && report.contains("the paper's expectation"))
        .as("each study says whether it supports the paper").isTrue();
  }
}
