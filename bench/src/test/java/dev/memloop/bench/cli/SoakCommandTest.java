package dev.memloop.bench.cli;

import dev.memloop.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.cli.report.RunDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short soak as a user runs it: PGlite started for it, killed and started again on the schedule, reasoners
 * crashed, and every acknowledged write of the four groups found again. Loopback only, bounded by --duration.
 */
class SoakCommandTest {

  @TempDir
  Path out;

  @Test
  void should_lose_no_acknowledged_write_under_crashes_and_database_kills() throws Exception {
    CliRun run = CliRun.of("soak", "--duration", "8s", "--agents", "2", "--fault-every", "1500ms", "--outage",
        "300ms", "--embedder", "hashing", "--out", out.toString());
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("nothing lost");
    Path dir;
    try (Stream<Path> dirs = Files.list(out)) {
      dir = dirs.filter(p -> p.getFileName().toString().startsWith("soak-")).findFirst().orElseThrow();
    }
    assertThat(dir.resolve(RunDirectory.COMPLETE)).exists();
    assertThat(dir.resolve("pglite-data")).as("the soak's database is deleted").doesNotExist();
    JsonNode result = RunDirectory.JSON.readTree(dir.resolve("soak.json").toFile());
    assertThat(result.path("lost").asLong()).isZero();
    assertThat(result.path("overwritten").asLong()).isZero();
    List<String> groups = result.path("audit").findValuesAsText("group");
    assertThat(groups).containsExactly("per-step", "per-turn", "networked", "pgvector");
    for (JsonNode group : result.path("audit")) {
      assertThat(group.path("acknowledged").asLong()).as(group.path("group").asText() + " wrote").isPositive();
      assertThat(group.path("found").asLong()).isEqualTo(group.path("acknowledged").asLong());
    }
    List<String> kinds = result.path("faults").findValuesAsText("kind");
    assertThat(kinds).as("both kinds of fault ran").contains("reasoner-crash", "database-kill");
    assertThat(result.path("crashesThrown").asLong()).as("an armed reasoner crashed its agent").isPositive();
    assertThat(result.path("restarts").asLong()).isPositive();
  }

  @Test
  void should_refuse_a_fault_interval_longer_than_the_soak() throws Exception {
    CliRun.assertRefused(new String[] {"soak", "--duration", "5s", "--fault-every", "10s"},
        "--fault-every must be in [100ms, --duration]: 10s", out);
  }

  /**
   * Two rounds of the MCP soak: a SIGKILL with a corrupted copy refused, a full disk's refusals, a second server
   * refused, and every acknowledged write and refusal audited after each.
   */
  @Test
  void should_lose_no_acknowledged_mcp_write_under_kills_a_full_disk_and_a_corrupted_copy() throws Exception {
    CliRun run = CliRun.of("soak", "--mcp", "--duration", "20s", "--fault-every", "5s", "--clients", "1",
        "--embedder", "hashing", "--out", out.toString());
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    Path dir;
    try (Stream<Path> dirs = Files.list(out)) {
      dir = dirs.filter(p -> p.getFileName().toString().startsWith("soak-mcp-")).findFirst().orElseThrow();
    }
    assertThat(dir.resolve("mcp-data")).as("the soak's journals are deleted when nothing was lost").doesNotExist();
    JsonNode result = RunDirectory.JSON.readTree(dir.resolve("soak-mcp.json").toFile());
    assertThat(result.path("rounds").asInt()).isGreaterThanOrEqualTo(2);
    assertThat(result.path("violations").asLong()).isZero();
    assertThat(result.path("problems")).isEmpty();
    assertThat(result.path("acknowledged").asLong()).isPositive();
    assertThat(result.path("kills").asLong()).isGreaterThanOrEqualTo(2);
    assertThat(result.path("refusedSaves").asLong()).as("the full disk refused some saves").isPositive();
    assertThat(result.path("corruptions").asInt()).isEqualTo(1);
    assertThat(result.path("damagedStartsRefused").asInt()).isEqualTo(1);
    assertThat(result.path("silentStarts").asInt()).isZero();
    assertThat(result.path("secondWritersRefused").asInt()).isEqualTo(result.path("rounds").asInt());
    for (JsonNode audit : result.path("lastAudits")) {
      assertThat(audit.path("found").asLong()).as(audit.toString()).isEqualTo(audit.path("saved").asLong());
    }
  }

  @Test
  void should_refuse_a_fleet_option_with_mcp_and_clients_without_it() throws Exception {
    CliRun.assertRefused(new String[] {"soak", "--mcp", "--agents", "3"},
        "--agents is the fleet soak's; --mcp soaks memloop mcp", out);
    CliRun.assertRefused(new String[] {"soak", "--clients", "3"}, "--clients needs --mcp", out);
    CliRun.assertRefused(new String[] {"soak", "--mcp", "--clients", "0"}, "--clients must be in [1, 64]: 0", out);
  }
}
