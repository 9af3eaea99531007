package dev.memloop.bench.cli;

import dev.memloop.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.cli.report.RunDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** memloop blackboard, its ladder and stress, and bench blackboard: named errors, and small real runs. */
class BlackboardCommandsTest {

  @TempDir
  Path results;

  static Stream<Arguments> badFlags() {
    return Stream.of(
        Arguments.of(new String[] {"blackboard", "--agents", "0"}, "agents must be in [1, 100000]: 0"),
        Arguments.of(new String[] {"blackboard", "--mode", "always"}, "policy must be none, per-turn, per-step or networked: 'always'"),
        Arguments.of(new String[] {"blackboard", "--mode", "none,none"}, "each mode runs once"),
        Arguments.of(new String[] {"blackboard", "--rtt", "later"}, "not a duration (as in 30ms, 1s): 'later'"),
        Arguments.of(new String[] {"blackboard", "--budget", "0ms"}, "budget must be > 0 or unlimited: 0s"),
        Arguments.of(new String[] {"blackboard", "--embedder", "bert-huge"}, "'bert-huge'"),
        Arguments.of(new String[] {"blackboard", "--model", "gpt-9"}, "'gpt-9'"),
        Arguments.of(new String[] {"blackboard", "--seed", "1000000001"}, "seed 1000000001 is held out"),
        Arguments.of(new String[] {"blackboard", "--warmup", "-1"}, "warmup must be in [0, 100000]: -1"),
        Arguments.of(new String[] {"blackboard", "--config", "/no/such.conf"}, "config file not found: /no/such.conf"),
        Arguments.of(new String[] {"blackboard", "ladder", "--seeds", "0"}, "seeds must be in [1, 1000]: 0"),
        Arguments.of(new String[] {"blackboard", "ladder", "--rtts", "0ms,5ms"}, "a rung's round trip must be > 0"),
        Arguments.of(new String[] {"blackboard", "ladder", "--budget", "unlimited"}, "the ladder needs a per-turn budget"),
        Arguments.of(new String[] {"blackboard", "ladder", "--agents", "-4"}, "agents must be in [1, 100000]: -4"),
        Arguments.of(new String[] {"blackboard", "stress", "--agents", "0"}, "agents must be in [1, 100000]: 0"),
        Arguments.of(new String[] {"blackboard", "stress", "--posts", "0"}, "posts must be in [1, 1000000]: 0"),
        Arguments.of(new String[] {"blackboard", "stress", "--agents", "100000", "--posts", "100000"},
            "agents x posts must be at most 100000000: 100000 x 100000"),
        Arguments.of(new String[] {"blackboard", "stress", "--window", "0"}, "window must be in [1, 10000]: 0"),
        Arguments.of(new String[] {"blackboard", "stress", "--readers", "-1"}, "readers must be in [0, 64]: -1"),
        Arguments.of(new String[] {"blackboard", "stress", "--read-pause", "-1ms"}, "a duration must be >= 0: '-1ms'"),
        Arguments.of(new String[] {"bench", "blackboard", "--items", "0"}, "items must be in [1, 1000000]: 0"),
        Arguments.of(new String[] {"bench", "blackboard", "--dimension", "0"}, "dimension must be in [1, 4096]: 0"),
        Arguments.of(new String[] {"bench", "blackboard", "--rounds", "0"}, "rounds must be in [1, 10000]: 0"),
        Arguments.of(new String[] {"bench", "blackboard", "--reads", "0"}, "reads must be in [1, 1000000]: 0"),
        Arguments.of(new String[] {"bench", "blackboard", "--posts", "0"}, "posts must be in [1, 10000000]: 0"),
        Arguments.of(new String[] {"bench", "blackboard", "--writers", "1,0"}, "writers must be in [1, min(posts, 100000)]: 0"));
  }

  @ParameterizedTest
  @MethodSource("badFlags")
  void should_reject_bad_flags_naming_the_value(String[] args, String message) throws IOException {
    CliRun.assertRefused(args, message, results);
  }

  @Test
  void should_grade_a_small_fleet_on_one_board_in_every_mode() throws IOException {
    CliRun run = CliRun.of("blackboard", "--agents", "12", "--rtt", "1ms", "--embedder", "hashing", "--budget",
        "unlimited", "--warmup", "4", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode modes = RunDirectory.JSON.readTree(run.out()).get("modes");
    assertThat(modes).hasSize(4);
    JsonNode perStep = modes.get(0).get("score");
    JsonNode none = modes.get(3).get("score");
    assertThat(perStep.get("group").asText()).isEqualTo("per-step");
    assertThat(perStep.get("redundant").asLong()).isZero();
    assertThat(perStep.get("lookups").asLong()).isPositive();
    assertThat(modes.get(0).get("boardSize").asLong()).isEqualTo(perStep.get("executions").asLong());
    assertThat(none.get("crossRedundant").asLong()).isPositive();
    assertThat(run.err()).contains("own").contains("cross").contains("board read p50 us");
  }

  @Test
  void should_write_the_ladder_table_and_its_chart() throws IOException {
    CliRun run = CliRun.of("blackboard", "ladder", "--agents", "8", "--seeds", "2", "--rtts", "1ms,120ms",
        "--embedder", "hashing", "--warmup", "0", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode cells = RunDirectory.JSON.readTree(run.out());
    assertThat(cells).extracting(c -> c.get("rung").asText())
        .containsExactly("in-process", "+1 ms", "+120 ms", "per-turn", "none");
    // a round trip above the 100 ms budget affords no lookup: the fleet runs as if it had no memory
    assertThat(cells.get(2).get("lookupsMean").asDouble()).isZero();
    assertThat(cells.get(2).get("redundantMean").asDouble()).isEqualTo(cells.get(4).get("redundantMean").asDouble());
    assertThat(cells.get(1).get("lookupsMean").asDouble()).isPositive();
    try (Stream<Path> runs = Files.list(results)) {
      Path png = runs.findFirst().orElseThrow().resolve("ladder.png");
      byte[] header = Files.readAllBytes(png);
      assertThat(header).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    }
  }

  @Test
  void should_audit_a_small_stress_run_clean() throws IOException {
    CliRun run = CliRun.of("blackboard", "stress", "--agents", "50", "--posts", "200", "--json", "--out",
        results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode result = RunDirectory.JSON.readTree(run.out());
    assertThat(result.get("acknowledged").asLong()).isEqualTo(10_000);
    assertThat(result.get("boardSize").asLong()).isEqualTo(10_000);
    assertThat(result.get("tornReads").asLong()).isZero();
    assertThat(result.get("reads").asLong()).isPositive();
    assertThat(result.get("duplicateIds").asLong()).isZero();
    assertThat(result.get("missing").asLong()).isZero();
    assertThat(result.get("itemsNotAcknowledgedOnce").asLong()).isZero();
    assertThat(run.err()).contains("nothing lost, doubled or torn");
  }

  @Test
  void should_compare_the_read_paths_and_post_throughput() throws IOException {
    CliRun run = CliRun.of("bench", "blackboard", "--items", "200", "--rounds", "3", "--reads", "50", "--posts", "2000",
        "--writers", "1,20", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode json = RunDirectory.JSON.readTree(run.out());
    assertThat(json.get("read").get("viewMatch").get("reads").asLong()).isEqualTo(150);
    assertThat(json.get("read").get("askMatch").get("p50Nanos").asLong()).isPositive();
    assertThat(json.get("post")).hasSize(2);
    assertThat(json.get("post").get(1).get("posts").asLong()).isEqualTo(2000);
    assertThat(json.get("post").get(1).get("audited").asBoolean()).isTrue();
  }
}
