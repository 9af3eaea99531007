package dev.memloop.bench.cli;

import dev.memloop.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.cli.report.RunDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four node processes and a driver on loopback, the last node killed with SIGKILL while a turn is in flight (its
 * agents' turn ends being written to a majority, their shards about to move), then the next-to-last one as soon as
 * the first is removed, while the first one's agents are being handed off. Every turn is answered in the end, and
 * every write of every answered turn is found again in its agent's memory.
 */
class ClusterKillTest {

  @TempDir
  Path out;

  @Test
  void should_lose_no_write_of_an_answered_turn_when_nodes_die_mid_turn_and_during_the_handoff() throws Exception {
    CliRun run = CliRun.of("cluster-demo", "--nodes", "4", "--agents", "8", "--kill-after-turn", "1",
        "--kill-during-handoff", "--out", out.toString());
    String shown = run.out() + run.err();
    assertThat(run.exitCode()).as(shown).isZero();
    assertThat(run.out()).contains("mid-turn").contains("while its agents are handed off");
    Path dir;
    try (Stream<Path> dirs = Files.list(out)) {
      dir = dirs.filter(p -> p.getFileName().toString().startsWith("cluster-demo-")).findFirst().orElseThrow();
    }
    JsonNode result = RunDirectory.JSON.readTree(dir.resolve("cluster-demo.json").toFile()).path("result");
    assertThat(result.path("turnsAnswered").asLong()).as(shown).isEqualTo(4 * 8);
    JsonNode writes = result.path("writes");
    assertThat(writes.path("acknowledged").asLong()).as("the answered turns wrote").isPositive();
    assertThat(writes.path("lost").asLong()).as(shown).isZero();
    assertThat(writes.path("overwritten").asLong()).isZero();
    assertThat(writes.path("found").asLong()).isEqualTo(writes.path("acknowledged").asLong());
  }
}
