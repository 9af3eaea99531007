package dev.memloop.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.cli.CliRun;
import dev.memloop.cli.report.RunDirectory;
import dev.memloop.memory.distill.DistilledModels;
import dev.memloop.memory.distill.Distiller;
import dev.memloop.memory.distill.TeacherModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** memloop bench store, embed, embed-quality and lifecycle memories: named errors, and small real runs. */
class BenchCommandsTest {

  @TempDir
  Path results;

  static Stream<Arguments> badFlags() {
    return Stream.of(
        Arguments.of(new String[] {"bench", "store", "--items", "0"}, "items must be > 0: 0"),
        Arguments.of(new String[] {"bench", "store", "--items", "100,-5"}, "items must be > 0: -5"),
        Arguments.of(new String[] {"bench", "store", "--dim", "0"}, "dim must be > 0: 0"),
        Arguments.of(new String[] {"bench", "store", "--k", "-1"}, "k must be > 0: -1"),
        Arguments.of(new String[] {"bench", "store", "--queries", "0"}, "queries must be > 0: 0"),
        Arguments.of(new String[] {"bench", "store", "--rounds", "0"}, "rounds must be > 0: 0"),
        Arguments.of(new String[] {"bench", "store", "--data", "spiral"}, "'spiral'"),
        Arguments.of(new String[] {"bench", "store", "--competitors", "FAISS"}, "FAISS"),
        Arguments.of(new String[] {"bench", "store", "--dim", "wide"}, "wide"),
        Arguments.of(new String[] {"bench", "store", "--seed", "x"}, "'x'"),
        Arguments.of(new String[] {"bench", "store", "--frobnicate"}, "--frobnicate"),
        Arguments.of(new String[] {"lifecycle", "memories", "--items", "0"}, "items must be > 0: 0"),
        Arguments.of(new String[] {"lifecycle", "memories", "--dim", "-2"}, "dim must be > 0: -2"),
        Arguments.of(new String[] {"lifecycle", "memories", "--dim", "100000000"}, "--dim 100000000: 10 items of "
            + "100,000,000 dims"),
        Arguments.of(new String[] {"lifecycle", "memories", "--k", "0"}, "k must be > 0: 0"),
        Arguments.of(new String[] {"lifecycle", "memories", "--seconds", "0"}, "seconds per round must be in (0, 60]: 0.0"),
        Arguments.of(new String[] {"lifecycle", "memories", "--seconds", "600"}, "600.0"),
        Arguments.of(new String[] {"lifecycle", "memories", "--rounds", "0"}, "rounds must be > 0: 0"),
        Arguments.of(new String[] {"lifecycle", "memories", "--competitors", "REDIS"}, "REDIS"),
        Arguments.of(new String[] {"bench", "embed", "--lines", "0"}, "lines must be > 0: 0"),
        Arguments.of(new String[] {"bench", "embed", "--rounds", "-1"}, "rounds must be > 0: -1"),
        Arguments.of(new String[] {"bench", "embed", "--transformer-calls", "-1"}, "transformer calls must be >= 0: -1"),
        Arguments.of(new String[] {"bench", "embed", "--sizes", "100,0"}, "memory sizes must be > 0: 0"),
        Arguments.of(new String[] {"bench", "embed", "--warmup", "-1"}, "warm-up seconds must be in [0, 600]: -1.0"),
        Arguments.of(new String[] {"bench", "embed", "--model", "/no/such/model"}, "is not a model directory"),
        Arguments.of(new String[] {"bench", "embed-quality", "--model", "/no/such/model"}, "is not a model directory"),
        Arguments.of(new String[] {"bench"}, "choose a benchmark"));
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
  void should_answer_help_in_every_contributed_command() {
    for (String[] args : new String[][] {{"bench", "--help"}, {"bench", "store", "--help"},
        {"lifecycle", "memories", "--help"}, {"reproduce", "--help"}}) {
      CliRun run = CliRun.of(args);
      assertThat(run.exitCode()).as(String.join(" ", args)).isZero();
      assertThat(run.out()).as(String.join(" ", args)).containsAnyOf("Usage: memloop", "memloop");
    }
  }

  @Test
  void should_run_a_small_store_benchmark_and_write_its_results() throws IOException {
    CliRun run = CliRun.of("bench", "store", "--items", "300", "--dim", "32", "--queries", "30", "--rounds", "1",
        "--competitors", "MEMLOOP,VECTOR_SCAN_1,LANGCHAIN4J", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode json = RunDirectory.JSON.readTree(run.out());
    JsonNode rows = json.get(0).get("rows");
    assertThat(rows).hasSize(3);
    for (JsonNode row : rows) {
      assertThat(row.get("recallAtK").asDouble()).as(row.get("label").asText()).isEqualTo(1.0);
      assertThat(row.get("p50").asLong()).isPositive();
    }
    Path dir;
    try (Stream<Path> runs = Files.list(results)) {
      dir = runs.findFirst().orElseThrow();
    }
    assertThat(dir.resolve("run.json")).exists();
    assertThat(RunDirectory.JSON.readTree(dir.resolve("run.json").toFile()).get("vectorImpl").asText()).isNotBlank();
    assertThat(dir.resolve("store.json")).exists();
    assertThat(Files.readString(dir.resolve("report.md"))).contains("| memloop (exact, default) |");
  }

  @Test
  void should_run_a_short_lifecycle_benchmark() {
    CliRun run = CliRun.of("lifecycle", "memories", "--seconds", "0.05", "--rounds", "1", "--competitors",
        "MEMLOOP,BARE_ARRAY", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("memloop WorkingMemory").contains("x floor");
  }

  @Test
  void should_run_embed_on_a_given_model() throws IOException {
    Path model = results.resolve("model");
    DistilledModels.distillInto(model, TeacherModel.load(TeacherModel.MINILM), new Distiller.Options(16, 300, 2),
        Distiller.Progress.SILENT);
    Path runs = results.resolve("runs");
    CliRun run = CliRun.of("bench", "embed", "--model", model.toString(), "--lines", "20", "--rounds", "1",
        "--warmup", "0", "--transformer-calls", "0", "--sizes", "10", "--out", runs.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("embed, static").contains("embed + match, 10 items").contains("paper:");
  }
}
