package dev.memloop.bench.cli;

import dev.memloop.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.cli.report.RunDirectory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memloop bench mcp} runs every path and reports each: the figures are the benchmark's to measure
 * (docs/BENCHMARKS.md), not this test's; it checks that each path answered every timed recall.
 */
class McpBenchCommandTest {

  @TempDir
  Path results;

  @Test
  void should_time_a_recall_in_process_over_http_and_over_stdio_side_by_side() throws Exception {
    CliRun run = CliRun.of("bench", "mcp", "--items", "40", "--calls", "30", "--rounds", "2", "--embedder", "hashing",
        "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode rows = RunDirectory.JSON.readTree(run.out());
    assertThat(rows).hasSize(3);
    assertThat(rows).extracting(r -> r.get("path").asText()).containsExactly("in process: WorkingMemory.search",
        "MCP streamable HTTP, loopback", "MCP stdio, a memloop mcp process");
    for (JsonNode row : rows) {
      assertThat(row.get("samples").asInt()).isEqualTo(30);
      assertThat(row.get("p50Nanos").asLong()).isPositive().isLessThanOrEqualTo(row.get("p99Nanos").asLong());
    }
    assertThat(rows.get(0).get("overInProcess").asDouble()).isEqualTo(1.0);
  }
}
