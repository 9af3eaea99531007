package dev.memloop.bench.cli;

import dev.memloop.cli.CliRun;
import dev.memloop.cli.command.Failures;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** memloop calibrate --pairs and memloop bench guard: a user's own pairs fitted, bad rows named, the modes' table. */
class GuardCommandsTest {

  @TempDir
  Path results;

  @Test
  void should_fit_a_user_s_own_pairs_and_print_the_confusion_at_each_candidate() throws IOException {
    Path pairs = results.resolve("pairs.csv");
    Files.writeString(pairs, "a,b,same\nrefund order-7,issue a refund for order-7,true\n"
        + "refund order-7,refund order-8,false\nlock acct-1,unlock acct-1,false\nclose #3,close ticket #3,true\n");
    Path out = results.resolve("out");
    CliRun run = CliRun.of("calibrate", "--pairs", pairs.toString(), "--embedder", "hashing", "--out", out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("action guard, " + pairs + " (4 pairs)")
        .contains("2 different acts told apart by their identifiers alone").contains("(fit)")
        .contains("memloop ships no threshold for this embedder");
  }

  @Test
  void should_name_the_file_and_line_of_a_bad_row_and_write_nothing() throws IOException {
    Path pairs = results.resolve("bad.csv");
    Files.writeString(pairs, "a,b,same\nrefund order-7,issue a refund for order-7,yes\n");
    Path out = results.resolve("refused");
    CliRun run = CliRun.of("calibrate", "--pairs", pairs.toString(), "--out", out.toString());
    assertThat(run.exitCode()).isEqualTo(Failures.USAGE);
    assertThat(run.err()).contains("--pairs " + pairs + ":2: same must be true or false, not 'yes'")
        .doesNotContain("\tat ");
    assertThat(out).doesNotExist();
    CliRun guard = CliRun.of("bench", "guard", "--pairs", pairs.toString(), "--out", out.toString());
    assertThat(guard.exitCode()).isEqualTo(Failures.USAGE);
    assertThat(guard.err()).contains(":2: same must be true or false");
    CliRun rounds = CliRun.of("bench", "guard", "--lookups", "10", "--rounds", "11", "--out", out.toString());
    assertThat(rounds.err()).contains("--rounds must be in [1, --lookups]: 11");
    assertThat(out).doesNotExist();
  }

  @Test
  void should_report_every_mode_with_its_false_blocks_misses_and_lookups_as_json() throws IOException {
    CliRun run = CliRun.of("bench", "guard", "--embedder", "hashing", "--lookups", "200", "--rounds", "2",
        "--warmup", "200", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode result = new ObjectMapper().readTree(run.out());
    assertThat(result.get("pairs").asInt()).isEqualTo(524);
    assertThat(Stream.of("cosine", "identity", "keyed", "structured"))
        .allMatch(mode -> result.get("modes").findValuesAsText("mode").contains(mode));
    for (JsonNode mode : result.get("modes")) {
      assertThat(mode.get("negatives").asInt() + mode.get("positives").asInt()).isEqualTo(524);
      assertThat(mode.get("lookups")).extracting(l -> l.get("items").asInt()).containsExactly(100, 1000);
      assertThat(mode.get("lookups").get(1).get("p50Nanos").asLong()).isPositive();
    }
    JsonNode keyed = result.get("modes").findParents("mode").stream()
        .filter(m -> m.get("mode").asText().equals("keyed")).findFirst().orElseThrow();
    assertThat(keyed.get("falseBlocks").asInt() + keyed.get("misses").asInt()).as("the key is the act").isZero();
  }
}
