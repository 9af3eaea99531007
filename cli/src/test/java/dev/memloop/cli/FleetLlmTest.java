package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.runtime.llm.ScriptedChatServerExtension;
import org.junit.jupiter.api.extension.ExtendWith;
import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.cli.report.RunDirectory;
import dev.memloop.runtime.llm.ScriptedChatServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code memloop fleet --llm openai}: triage agents on a real client against the scripted OpenAI-compatible server. */
@ExtendWith(ScriptedChatServerExtension.class)
class FleetLlmTest {

  static final String ANSWER = "investigate host=web-01 sig=port-scan";

  @TempDir
  Path results;
  ScriptedChatServer server;

  @BeforeEach
  void start(ScriptedChatServer server) {
    this.server = server.otherwise(ANSWER, Duration.ofMillis(20)); // slow enough for calls to overlap
  }

  @Test
  void should_run_a_fleet_of_llm_agents_within_the_bound_on_concurrent_calls() throws IOException {
    CliRun run = CliRun.of("fleet", "--agents", "6", "--policy", "per-step", "--llm", "openai", "--llm-base-url",
        server.baseUrl(), "--model", "scripted-model", "--llm-concurrency", "2", "--embedder", "hashing-256",
        "--no-progress", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).as("the estimate before the run")
        // 6 x 24 alerts; at most one more call for each of the 8 tool calls a step allows, each tried 4 times
        .contains("fleet: 144 model calls (at most 5,184 with tool calls and retries), about 64,800 tokens")
        .contains("max-concurrent=2");
    assertThat(server.requests()).as("6 agents x 24 alerts, one call each").hasSize(144);
    assertThat(server.requests()).allSatisfy(r -> assertThat(r.path("model").asText()).isEqualTo("scripted-model"));
    assertThat(server.maxConcurrentRequests()).as("the fleet's bound").isBetween(1, 2);
    JsonNode fleet = RunDirectory.JSON.readTree(run.out());
    assertThat(fleet.get("model").asText()).startsWith("scripted-model at http://127.0.0.1:").endsWith("(real model)");
    assertThat(fleet.get("runtime").get("groups").get(0).get("steps").asLong()).isEqualTo(144);
    assertThat(fleet.get("triage").get(0).get("lookupsMean").asDouble()).as("the code guard checked every action")
        .isPositive();
    try (Stream<Path> runs = Files.list(results)) {
      assertThat(RunDirectory.JSON.readTree(runs.findFirst().orElseThrow().resolve("llm-calls.json").toFile()))
          .hasSize(144);
    }
  }

  @Test
  void should_drive_the_fleet_through_real_tool_calls_on_each_agent_s_memory() throws IOException {
    server.toolFirst(new ScriptedChatServer.ToolCall("match", "{\"text\":\"port scan on web-01\"}"), ANSWER);
    CliRun run = CliRun.of("fleet", "--agents", "3", "--policy", "per-step", "--llm", "openai", "--llm-base-url",
        server.baseUrl(), "--embedder", "hashing-256", "--no-progress", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests()).as("each alert: the tool call, then the answer").hasSize(3 * 24 * 2);
    assertThat(server.requests().get(0).path("tools")).extracting(t -> t.path("function").path("name").asText())
        .containsExactly("remember", "recall", "match", "act");
    JsonNode memory = RunDirectory.JSON.readTree(run.out()).get("runtime").get("groups").get(0).get("memory");
    assertThat(memory.get("reads").asLong()).as("every match went through the agent's memory").isEqualTo(72);
  }

  /** The small MCP server of memloop-llm-mcp's tests, as --mcp's command. */
  static String ticketServer() {
    return String.join(" ", java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), "dev.memloop.runtime.llm.mcp.TicketMcpServer");
  }

  @Test
  void should_let_a_fleet_call_a_tool_of_a_separate_mcp_server_started_once_for_all_its_agents() throws IOException {
    server.toolFirst(new ScriptedChatServer.ToolCall("lookup_ticket", "{\"id\":\"T-42\"}"), ANSWER);
    CliRun run = CliRun.of("fleet", "--agents", "3", "--policy", "per-step", "--llm", "openai", "--llm-base-url",
        server.baseUrl(), "--mcp", "tickets=" + ticketServer(), "--mcp-exclude-tools", "tickets=close_*,crash",
        "--embedder", "hashing-256", "--no-progress", "--json", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).contains("fleet: MCP tools offered to every agent: lookup_ticket")
        .contains("(from tickets)");
    assertThat(server.requests()).as("each alert: the MCP tool call, then the answer").hasSize(3 * 24 * 2);
    assertThat(server.requests().get(0).path("tools")).extracting(t -> t.path("function").path("name").asText())
        .contains("remember", "recall", "match", "act", "lookup_ticket", "stall")
        .as("excluded by --mcp-exclude-tools").doesNotContain("close_ticket", "crash");
    List<String> answers = new java.util.ArrayList<>();
    for (int i = 0; i < server.requests().size(); i++) {
      answers.addAll(server.toolResults(i));
    }
    assertThat(answers).as("every call reached the one server the fleet shares").hasSize(72)
        .allSatisfy(r -> assertThat(r).startsWith("ticket T-42: disk full on db-3; owner storage; lookup "))
        .anySatisfy(r -> assertThat(r).endsWith("lookup 72"));
    JsonNode tools = RunDirectory.JSON.readTree(run.out()).get("runtime").get("groups").get(0).get("decisions")
        .get("toolCalls");
    assertThat(tools.get("DONE").asLong()).as("recorded in the steps like any tool call").isEqualTo(72);
    JsonNode byTool = RunDirectory.JSON.readTree(run.out()).get("runtime").get("groups").get(0).get("decisions")
        .get("toolCallsByTool");
    assertThat(byTool.get("lookup_ticket").get("DONE").asLong()).as("by tool and outcome").isEqualTo(72);
    assertThat(byTool.size()).isEqualTo(1);
  }

  @Test
  void should_go_on_without_an_mcp_server_that_does_not_start_naming_it_in_one_line() throws IOException {
    CliRun run = CliRun.of("fleet", "--agents", "1", "--policy", "per-step", "--llm", "openai", "--llm-base-url",
        server.baseUrl(), "--mcp", "desk=/no/such/mcp-server --stdio", "--embedder", "hashing-256", "--no-progress",
        "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).contains("fleet: MCP server 'desk' (/no/such/mcp-server --stdio) did not start: ")
        .contains("; its tools are not offered\n");
    assertThat(server.requests()).hasSize(24);
    assertThat(server.requests().get(0).path("tools")).extracting(t -> t.path("function").path("name").asText())
        .containsExactly("remember", "recall", "match", "act");
  }

  @Test
  void should_complete_every_turn_when_the_model_calls_remember_first() throws IOException {
    server.toolFirst(new ScriptedChatServer.ToolCall("remember", "{\"text\":\"port scan on web-01\"}"), ANSWER);
    CliRun run = CliRun.of("fleet", "--agents", "20", "--policy", "per-step", "--llm", "openai", "--llm-base-url",
        server.baseUrl(), "--llm-concurrency", "2", "--embedder", "hashing-256", "--no-progress", "--yes", "--json",
        "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests()).as("each alert: the remember, then the answer after its result").hasSize(20 * 24 * 2);
    assertThat(server.requests()).filteredOn(r -> r.toString().contains("\"role\":\"tool\""))
        .as("every remember's result went back").hasSize(20 * 24);
  }

  /** A model server that closes each kept-alive connection at its second request: no step aborts, every drop retried. */
  @Test
  void should_complete_every_turn_against_a_server_that_drops_kept_alive_connections() throws IOException {
    try (dev.memloop.runtime.llm.DroppingChatServer dropping = new dev.memloop.runtime.llm.DroppingChatServer(ANSWER)) {
      CliRun run = CliRun.of("fleet", "--agents", "2", "--policy", "per-step", "--llm", "openai", "--llm-base-url",
          dropping.baseUrl(), "--llm-concurrency", "1", "--embedder", "hashing-256", "--no-progress", "--json",
          "--out", results.toString());
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(dropping.dropped()).as("the server dropped connections under the calls").isPositive();
      assertThat(run.err()).contains("failures=0").contains("retriesByCause={connection=" + dropping.dropped() + "}");
      JsonNode groups = RunDirectory.JSON.readTree(run.out()).get("runtime").get("groups");
      assertThat(groups.get(0).get("abortedTurns").asLong()).isZero();
    }
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"500", "malformed"})
  void should_exit_1_naming_the_aborted_turns_when_the_server_answers_500_or_garbage_forever(String answer,
      @TempDir Path dir) throws IOException {
    if (answer.equals("500")) {
      server.otherwiseStatus(500, "the model is down");
    } else {
      server.otherwiseMalformed("<html>502 Bad Gateway</html>");
    }
    Path conf = dir.resolve("no-retries.conf");
    Files.writeString(conf, "memloop.llm { max-retries = 0 }");
    CliRun run = CliRun.of("fleet", "--agents", "1", "--config", conf.toString(), "--llm", "openai", "--llm-base-url",
        server.baseUrl(), "--embedder", "hashing-256", "--no-progress", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.err()).contains("memloop fleet: 4 turn(s) aborted by a failed step");
    try (Stream<Path> runs = Files.list(results)) {
      assertThat(runs.findFirst().orElseThrow().resolve("COMPLETE")).as("the results are written all the same")
          .exists();
    }
  }

  @Test
  void should_run_two_groups_on_two_models_side_by_side() throws IOException {
    Path conf = results.resolveSibling(results.getFileName() + "-groups.conf");
    Files.writeString(conf, "memloop.groups {\n  small { agents = 2, policy = per-step, llm.model = model-a }\n"
        + "  large { agents = 2, policy = per-step, llm.model = model-b }\n}\n");
    CliRun run = CliRun.of("fleet", "--config", conf.toString(), "--llm", "openai", "--llm-base-url", server.baseUrl(),
        "--embedder", "hashing-256", "--no-progress", "--out", results.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests()).extracting(r -> r.path("model").asText()).containsOnly("model-a", "model-b")
        .contains("model-a", "model-b");
    assertThat(server.requests()).filteredOn(r -> r.path("model").asText().equals("model-a")).hasSize(48);
  }

  @Test
  void should_make_no_call_over_budget_without_yes() throws IOException {
    CliRun.assertRefused(new String[] {"fleet", "--agents", "6", "--llm", "openai", "--llm-base-url", server.baseUrl(),
        "--token-budget", "1000"}, "the estimated tokens exceed --token-budget 1000; rerun with --yes to spend them "
        + "(no model call was made)", results);
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void should_end_with_one_line_before_any_agent_starts_when_the_server_is_not_reachable() throws IOException {
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    CliRun.assertRefused(new String[] {"fleet", "--agents", "2", "--llm", "openai", "--llm-base-url",
        "http://127.0.0.1:" + closed + "/v1"}, "the model server http://127.0.0.1:" + closed + "/v1 of group "
        + "per-step is not reachable", results);
  }

  @Test
  void should_refuse_model_flags_that_do_not_fit_naming_them() throws IOException {
    CliRun.assertRefused(new String[] {"fleet", "--model", "gpt-5-nano"}, "--model gpt-5-nano: without --llm, --model "
        + "names a simulated preset (nano-sim or mini-sim); add --llm openai for a real model", results);
    CliRun.assertRefused(new String[] {"fleet", "--llm-base-url", server.baseUrl()}, "--llm-base-url needs --llm openai",
        results);
    CliRun.assertRefused(new String[] {"fleet", "--llm", "claude"}, "--llm must be none or openai: 'claude'", results);
    CliRun.assertRefused(new String[] {"fleet", "--llm", "openai", "--llm-concurrency", "-1"},
        "--llm-concurrency must be >= 0: -1", results);
    CliRun.assertRefused(new String[] {"fleet", "--llm", "openai", "--llm-rate", "-2"}, "--llm-rate must be >= 0: -2.0",
        results);
    Path conf = results.resolveSibling(results.getFileName() + "-bad.conf");
    Files.writeString(conf, "memloop.groups.g { agents = 1, llm.base-url = \"ftp://x\" }\n");
    CliRun.assertRefused(new String[] {"fleet", "--config", conf.toString(), "--llm", "openai"},
        "memloop.groups.g.llm.base-url must be an http(s) URL: 'ftp://x'", results);
  }
}
