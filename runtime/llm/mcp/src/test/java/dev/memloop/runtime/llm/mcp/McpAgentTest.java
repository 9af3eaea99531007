package dev.memloop.runtime.llm.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.ToolSettings;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.LlmReasoner;
import dev.memloop.runtime.llm.ScriptedChatServer;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.ToolCall;
import dev.memloop.runtime.step.ToolOutcome;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.List;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * An LLM agent whose tool loop offers the tools of an MCP server the test starts ({@link TicketMcpServer}), against
 * the scripted OpenAI-compatible server through the real client: the call is made, guarded and recorded like any
 * tool call, and a server that died is a tool error for the model while the agent goes on.
 */
class McpAgentTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final AgentConfig PER_STEP = AgentConfigs.defaults().withPolicy(MemoryPolicyKind.PER_STEP).withThreshold(0.9)
      .withBudget(null);

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static TurnResult run(ActorRef<Agent.Command> agent, int index, String... observations) {
    List<Observation> list = new java.util.ArrayList<>();
    for (int i = 0; i < observations.length; i++) {
      list.add(new Observation("u" + index + "-" + i, observations[i]));
    }
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(new Turn(index, list), results.ref()));
    return results.receiveMessage(Duration.ofSeconds(60));
  }

  static ActorRef<Agent.Command> agent(String id, AgentConfig config, ScriptedChatServer model, McpTools mcp) {
    return testKit.spawn(Agent.create(AgentSpec.builder(id).config(config).embedder(new HashingEmbedder(64))
        .reasoners(LlmReasoner.builder(model.calls("gpt-5-mini", new LlmCounters())).tools(mcp.tools()).factory())
        .timer(new ManualDelayTimer()).build()));
  }

  @Test
  void should_call_an_mcp_tool_in_the_loop_guard_its_repeat_and_record_both() throws Exception {
    AgentConfig guarded = PER_STEP.withTools(ToolSettings.builder().maxCallsPerStep(4).rememberCalls(true)
        .guard(ToolSettings.Guard.BLOCK).build());
    try (ScriptedChatServer model = new ScriptedChatServer();
        McpTools mcp = McpTools.connect(List.of(McpToolsTest.tickets(Duration.ofSeconds(30))), line -> {})) {
      model.toolCalls(new ScriptedChatServer.ToolCall("lookup_ticket", "{\"id\":\"T-42\"}"))
          .text("T-42 belongs to storage.")
          .toolCalls(new ScriptedChatServer.ToolCall("lookup_ticket", "{\"id\":\"T-42\"}"))
          .text("Still storage's.");
      TurnResult turn = run(agent("desk", guarded, model, mcp), 0, "Whose is T-42?", "Whose is T-42, again?");

      StepRecord first = turn.steps().get(0);
      assertThat(first.decision().kind()).isEqualTo(Decision.Kind.REPLY);
      assertThat(first.decision().toolCalls()).extracting(ToolCall::name, ToolCall::outcome)
          .containsExactly(org.assertj.core.groups.Tuple.tuple("lookup_ticket", ToolOutcome.DONE));
      assertThat(model.toolResults(1)).containsExactly("ticket T-42: disk full on db-3; owner storage; lookup 1");
      ToolCall repeat = turn.steps().get(1).decision().toolCalls().get(0);
      assertThat(repeat.outcome()).as("the tool guard holds for an MCP tool").isEqualTo(ToolOutcome.BLOCKED);
      assertThat(model.toolResults(3)).singleElement().asString().startsWith("blocked: it repeats an earlier call");
      assertThat(model.requests().get(0).path("tools")).extracting(t -> t.path("function").path("name").asText())
          .contains("remember", "recall", "match", "act", "lookup_ticket", "close_ticket");
    }
  }

  @Test
  void should_tell_the_model_a_dead_servers_call_failed_naming_it_and_go_on() throws Exception {
    try (ScriptedChatServer model = new ScriptedChatServer();
        McpTools mcp = McpTools.connect(List.of(McpToolsTest.tickets(Duration.ofSeconds(10))), line -> {})) {
      model.toolCalls(new ScriptedChatServer.ToolCall("crash", "{}")).text("The desk is down.")
          .toolCalls(new ScriptedChatServer.ToolCall("lookup_ticket", "{\"id\":\"T-1\"}")).text("Still down.");
      ActorRef<Agent.Command> agent = agent("desk-2", PER_STEP, model, mcp);
      TurnResult turn = run(agent, 0, "Crash it", "Whose is T-1?");

      assertThat(turn.aborted()).isFalse();
      for (int step = 0; step < 2; step++) {
        ToolCall failed = turn.steps().get(step).decision().toolCalls().get(0);
        assertThat(failed.outcome()).isEqualTo(ToolOutcome.FAILED);
        assertThat(failed.note()).startsWith("McpToolException: MCP server 'tickets', tool '");
      }
      assertThat(model.toolResults(3)).singleElement().asString()
          .startsWith("error: McpToolException: MCP server 'tickets', tool 'lookup_ticket': ");
      assertThat(turn.steps().get(1).decision().actionLine()).isEqualTo("Still down.");
    }
  }
}
