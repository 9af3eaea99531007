package dev.memloop.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.bench.report.RunDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three node processes and a driver on loopback, the last node killed with SIGKILL while a turn is in flight: its
 * agents' turn ends were being written to a majority and their shards move as it dies. Every turn is answered in
 * the end, and every write of every answered turn is found again in its agent's memory.
 */
class ClusterKillMidTurnTest {

  @TempDir
  Path out;

  @Test
  void should_lose_no_write_of_an_answered_turn_when_a_node_dies_mid_turn() throws Exception {
    CliRun run = CliRun.of("cluster-demo", "--nodes", "3", "--agents", "9", "--kill-after-turn", "1",
        "--kill-mid-turn", "--out", out.toString());
    String shown = run.out() + run.err();
    assertThat(run.exitCode()).as(shown).isZero();
    assertThat(run.out()).contains("killing node").contains("mid-turn");
    Path dir;
    try (Stream<Path> dirs = Files.list(out)) {
      dir = dirs.filter(p -> p.getFileName().toString().startsWith("cluster-demo-")).findFirst().orElseThrow();
    }
    JsonNode result = RunDirectory.JSON.readTree(dir.resolve("cluster-demo.json").toFile()).path("result");
    assertThat(result.path("turnsAnswered").asLong()).as(shown).isEqualTo(4 * 9);
    JsonNode writes = result.path("writes");
    assertThat(writes.path("acknowledged").asLong()).as("the answered turns wrote").isPositive();
    assertThat(writes.path("lost").asLong()).as(shown).isZero();
    assertThat(writes.path("overwritten").asLong()).isZero();
    assertThat(writes.path("found").asLong()).isEqualTo(writes.path("acknowledged").asLong());
  }
}
