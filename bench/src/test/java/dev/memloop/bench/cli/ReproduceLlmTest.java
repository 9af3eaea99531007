package dev.memloop.bench.cli;

import dev.memloop.runtime.llm.ScriptedChatServerExtension;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.memloop.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.cli.report.RunDirectory;
import dev.memloop.runtime.llm.ScriptedChatServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** reproduce --llm against a scripted OpenAI-compatible server: the estimate, the budget gate, the calls made. */
@ExtendWith(ScriptedChatServerExtension.class)
class ReproduceLlmTest {

  @TempDir
  Path results;
  ScriptedChatServer server;

  @BeforeEach
  void start(ScriptedChatServer server) {
    this.server = server.otherwise("Noted.");
  }

  @Test
  void should_make_exactly_the_estimated_calls_when_the_model_calls_no_tools() throws IOException {
    CliRun run = CliRun.of("reproduce", "table1", "--llm", "openai", "--llm-base-url", server.baseUrl(), "--model",
        "scripted-model", "--embedder", "hashing-256", "--no-progress", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    // 5 repeats x (4 conditions + 3 more memory policies) x 6 turns; each memory turn may add 8 tool calls
    assertThat(run.err()).contains("table1: 210 model calls (at most 1,170), about 94,500 tokens");
    assertThat(server.requests()).hasSize(210);
    assertThat(server.requests()).allSatisfy(r -> assertThat(r.path("model").asText()).isEqualTo("scripted-model"));
    JsonNode cells = RunDirectory.JSON.readTree(run.out()).get("table1");
    assertThat(cells).extracting(c -> c.get("model").asText()).contains("nano-sim", "mini-sim", "scripted-model");
    assertThat(run.err()).contains("model calls: Snapshot[calls=210, retries=0, failures=0");
    try (Stream<Path> runs = Files.list(results)) {
      Path calls = runs.findFirst().orElseThrow().resolve("llm-calls.json");
      JsonNode usage = RunDirectory.JSON.readTree(calls.toFile());
      assertThat(usage).hasSize(210);
      assertThat(usage.get(0).get("inputTokens").asLong()).isEqualTo(40);
    }
  }

  @Test
  void should_keep_the_accounting_of_the_calls_made_when_the_model_starts_failing() throws IOException {
    ScriptedChatServer failing = new ScriptedChatServer();
    try {
      for (int i = 0; i < 12; i++) {
        failing.text("Noted.");
      }
      failing.otherwiseStatus(400, "the model is gone"); // not retried: the run fails at the 13th call
      CliRun run = CliRun.of("reproduce", "table1", "--llm", "openai", "--llm-base-url", failing.baseUrl(), "--model",
          "scripted-model", "--embedder", "hashing-256", "--no-progress", "--out", results.toString());
      assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
      assertThat(run.out() + run.err()).contains("model calls before the failure: Snapshot[calls=13")
          .contains("reproduce failed");
      try (Stream<Path> runs = Files.list(results)) {
        Path dir = runs.findFirst().orElseThrow();
        assertThat(RunDirectory.JSON.readTree(dir.resolve("llm-calls.json").toFile())).as("the 12 answered calls")
            .hasSize(12);
        assertThat(dir.resolve(RunDirectory.COMPLETE)).as("a failed run is not marked complete").doesNotExist();
      }
    } finally {
      failing.close();
    }
  }

  @Test
  void should_run_the_gap_study_s_policies_with_the_real_model_and_make_the_estimated_calls() throws IOException {
    CliRun run = CliRun.of("reproduce", "gap", "--llm", "openai", "--llm-base-url", server.baseUrl(), "--model",
        "scripted-model", "--embedder", "hashing-256", "--no-progress", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).contains("gap: 90 model calls");
    assertThat(server.requests()).as("3 policies a model's tool loop takes x 5 conversations x 6 turns").hasSize(90);
    JsonNode cells = RunDirectory.JSON.readTree(run.out()).get("gap").get("cells");
    long modelCells = 0;
    for (JsonNode c : cells) {
      modelCells += c.get("embedder").asText().startsWith("scripted-model") ? 1 : 0;
    }
    assertThat(modelCells).as("one cell per policy: fixed k = 8, k = 24, dedup on write").isEqualTo(3);
  }

  @Test
  void should_make_no_call_over_budget_without_yes() throws IOException {
    CliRun run = CliRun.of("reproduce", "table1", "table4", "--llm", "openai", "--llm-base-url", server.baseUrl(),
        "--token-budget", "1000", "--out", results.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("table4: 1,320 model calls").contains("the estimated tokens exceed --token-budget 1000")
        .contains("no model call was made");
    assertThat(server.requests()).isEmpty();
    try (Stream<Path> written = Files.list(results)) {
      assertThat(written).isEmpty();
    }
  }

  @Test
  void should_refuse_an_unknown_llm_and_a_negative_budget() {
    CliRun bad = CliRun.of("reproduce", "--llm", "claude", "--out", results.toString());
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).contains("--llm must be none or openai: 'claude'");
    CliRun negative = CliRun.of("reproduce", "--token-budget", "-5", "--out", results.toString());
    assertThat(negative.err()).contains("--token-budget must be >= 0: -5");
  }
}
