package dev.memloop.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.timing.ManualDelayTimer;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.ReasonerFactory;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.ToolSettings;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.MemoryCall;
import dev.memloop.runtime.step.MemoryOp;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.ToolCall;
import dev.memloop.runtime.step.ToolOutcome;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tool-calling steps on real agents, against the scripted OpenAI-compatible server through the real langchain4j
 * client: the memory handle as tools, the user's tools, the bound, the tool guard, and a model of one's own.
 */
@ExtendWith(LogCapturingExtension.class)
@ExtendWith(ScriptedChatServerExtension.class)
class ToolCallingTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final AgentConfig PER_STEP = AgentConfigs.defaults().withPolicy(MemoryPolicyKind.PER_STEP).withThreshold(0.9)
      .withBudget(null);

  ScriptedChatServer server;
  LlmCounters counters;

  @BeforeEach
  void start(ScriptedChatServer server) throws Exception {
    this.server = server;
    counters = new LlmCounters();
  }

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /** A user's tool, as langchain4j describes one. */
  static final class Weather {
    final AtomicInteger calls = new AtomicInteger();

    @Tool("The weather in a city today")
    public String weather(@P(name = "city", value = "the city") String city) {
      calls.incrementAndGet();
      return "sunny in " + city;
    }
  }

  ChatCalls calls() {
    return server.calls("gpt-5-mini", counters);
  }

  ActorRef<Agent.Command> agent(String id, AgentConfig config, ReasonerFactory reasoners) {
    return testKit.spawn(Agent.create(AgentSpec.builder(id).config(config).embedder(new HashingEmbedder(64))
        .reasoners(reasoners).timer(new ManualDelayTimer()).build()));
  }

  static TurnResult run(ActorRef<Agent.Command> agent, int index, String... observations) {
    List<Observation> list = new ArrayList<>();
    for (int i = 0; i < observations.length; i++) {
      list.add(new Observation("u" + index + "-" + i, observations[i]));
    }
    TestProbe<TurnResult> results = testKit.createTestProbe();
    agent.tell(new Agent.RunTurn(new Turn(index, list), results.ref()));
    return results.receiveMessage(Duration.ofSeconds(30));
  }


  @Test
  void should_remember_recall_call_a_user_tool_and_answer_within_one_step() {
    Weather weather = new Weather();
    server.toolCalls(new ScriptedChatServer.ToolCall("remember", "{\"text\":\"the user needs a vegetarian hotel\"}"))
        .toolCalls(new ScriptedChatServer.ToolCall("recall", "{\"query\":\"hotel requirements\"}"))
        .toolCalls(new ScriptedChatServer.ToolCall("weather", "{\"city\":\"Lisbon\"}"))
        .text("Booked a vegetarian hotel in Lisbon; it will be sunny.");
    ActorRef<Agent.Command> agent = agent("planner", PER_STEP, LlmReasoner.builder(calls())
        .systemPrompt("You plan trips.").tools(Tools.builder().add(weather).build()).factory());
    StepRecord step = run(agent, 0, "Plan my trip to Lisbon; I am vegetarian.").steps().get(0);

    assertThat(step.decision().kind()).isEqualTo(Decision.Kind.REPLY);
    assertThat(step.decision().actionLine()).isEqualTo("Booked a vegetarian hotel in Lisbon; it will be sunny.");
    assertThat(step.decision().toolCalls()).extracting(ToolCall::name).containsExactly("remember", "recall", "weather");
    assertThat(step.decision().toolCalls()).extracting(ToolCall::outcome).containsOnly(ToolOutcome.DONE);
    assertThat(step.decision().toolCalls().get(2).output()).as("what the tool answered, kept in its record")
        .isEqualTo("sunny in Lisbon");
    assertThat(step.decision().toolCalls().get(1).output()).contains("the user needs a vegetarian hotel");
    assertThat(step.memory()).as("the memory tools went through the handle, the policy and the budget")
        .extracting(MemoryCall::op).containsExactly(MemoryOp.REMEMBER, MemoryOp.RECALL);
    assertThat(step.memory()).extracting(MemoryCall::outcome).containsExactly(MemoryOutcome.STORED,
        MemoryOutcome.ANSWERED);
    assertThat(server.toolResults(2)).last().asString().contains("the user needs a vegetarian hotel");
    assertThat(server.toolResults(3)).last().isEqualTo("sunny in Lisbon");
    assertThat(weather.calls.get()).isEqualTo(1);
    assertThat(server.requests().get(0).path("tools")).extracting(t -> t.path("function").path("name").asText())
        .containsExactly("remember", "recall", "match", "act", "weather");
  }

  @Test
  void should_answer_unknown_and_malformed_tool_calls_as_tool_errors_and_count_them() {
    server.toolCalls(new ScriptedChatServer.ToolCall("book_flight", "{\"to\":\"Lisbon\"}"),
            new ScriptedChatServer.ToolCall("recall", "{not json"),
            new ScriptedChatServer.ToolCall("remember", "{\"note\":\"wrong field\"}"))
        .text("Sorry, I could not book it.");
    ActorRef<Agent.Command> agent = agent("clumsy", PER_STEP, LlmReasoner.builder(calls()).factory());
    StepRecord step = run(agent, 0, "Book me a flight").steps().get(0);

    assertThat(step.decision().toolCalls()).extracting(ToolCall::outcome).containsExactly(ToolOutcome.UNKNOWN_TOOL,
        ToolOutcome.BAD_ARGUMENTS, ToolOutcome.BAD_ARGUMENTS);
    assertThat(server.toolResults(1)).containsExactly(
        "error: there is no tool named 'book_flight'; your tools are remember, recall, match, act",
        "error: the arguments of recall are not JSON: {not json",
        "error: remember takes no argument \"note\"; it takes text, subject");
    assertThat(counters.snapshot().toolErrors()).isEqualTo(3);
    assertThat(step.memory()).as("nothing reached the memory").isEmpty();
  }

  @Test
  void should_cut_the_tool_loop_at_its_bound_and_ask_for_an_answer_without_tools() {
    server.toolCalls(new ScriptedChatServer.ToolCall("recall", "{\"query\":\"a\"}"),
            new ScriptedChatServer.ToolCall("recall", "{\"query\":\"b\"}"),
            new ScriptedChatServer.ToolCall("recall", "{\"query\":\"c\"}"))
        .text("Nothing saved yet.");
    AgentConfig twoCalls = PER_STEP.withTools(ToolSettings.builder().maxCallsPerStep(2).build());
    StepRecord step = run(agent("bounded", twoCalls, LlmReasoner.builder(calls()).factory()), 0, "What do you know?")
        .steps().get(0);

    assertThat(step.decision().toolCalls()).extracting(ToolCall::outcome).containsExactly(ToolOutcome.DONE,
        ToolOutcome.DONE, ToolOutcome.CUT);
    assertThat(server.toolResults(1).get(2)).contains("this step's 2 tool calls are used; answer now, without tools");
    assertThat(server.requests().get(1).has("tools")).as("no tools offered past the bound").isFalse();
    assertThat(step.memory()).hasSize(2);
  }

  @Test
  void should_block_a_repeated_tool_call_and_tell_the_model_why() {
    Weather weather = new Weather();
    server.toolCalls(new ScriptedChatServer.ToolCall("weather", "{\"city\":\"Lisbon\"}")).text("Sunny.")
        .toolCalls(new ScriptedChatServer.ToolCall("weather", "{ \"city\": \"Lisbon\" }")).text("Still sunny.");
    AgentConfig guarded = PER_STEP.withTools(ToolSettings.builder().maxCallsPerStep(4).rememberCalls(true)
        .guard(ToolSettings.Guard.BLOCK).build());
    ActorRef<Agent.Command> agent = agent("guarded", guarded, LlmReasoner.builder(calls())
        .tools(Tools.builder().add(weather).build()).factory());
    TurnResult turn = run(agent, 0, "Weather in Lisbon?", "And the weather in Lisbon again?");

    assertThat(turn.steps().get(0).decision().toolCalls()).extracting(ToolCall::outcome)
        .containsExactly(ToolOutcome.DONE);
    ToolCall repeat = turn.steps().get(1).decision().toolCalls().get(0);
    assertThat(repeat.outcome()).isEqualTo(ToolOutcome.BLOCKED);
    assertThat(repeat.note()).contains("weather {\"city\":\"Lisbon\"}");
    assertThat(weather.calls.get()).as("the repeat never ran").isEqualTo(1);
    assertThat(server.toolResults(3)).singleElement().asString().startsWith("blocked: it repeats an earlier call");
    assertThat(turn.steps().get(0).memory()).extracting(MemoryCall::op).as("guarded, then remembered")
        .containsExactly(MemoryOp.RECALL, MemoryOp.REMEMBER);
  }

  static final class Orders {
    final AtomicInteger calls = new AtomicInteger();

    @Tool("Look an order up")
    public String lookupOrder(@P(name = "orderId", value = "the order") String orderId) {
      calls.incrementAndGet();
      return "order " + orderId + ": shipped";
    }
  }

  static final class Flights {
    final AtomicInteger calls = new AtomicInteger();

    @Tool("Search flights")
    public String searchFlights(@P(name = "query", value = "what to search") String query) {
      calls.incrementAndGet();
      return "2 flights: " + query;
    }
  }

  @Test
  void should_run_a_call_with_other_arguments_as_new_work_even_under_a_semantic_guard() {
    Orders orders = new Orders();
    server.toolCalls(new ScriptedChatServer.ToolCall("lookupOrder", "{\"orderId\":\"42\"}")).text("Shipped.")
        .toolCalls(new ScriptedChatServer.ToolCall("lookupOrder", "{\"orderId\":\"43\"}")).text("Shipped too.");
    ToolSettings exact = ToolSettings.builder().maxCallsPerStep(4).rememberCalls(true)
        .guard(ToolSettings.Guard.BLOCK).build();
    TurnResult turn = run(agent("orders", PER_STEP.withTools(exact), LlmReasoner.builder(calls())
        .tools(Tools.builder().add(orders).build()).factory()), 0, "Where is order 42?", "And order 43?");
    assertThat(turn.steps().get(1).decision().toolCalls()).extracting(ToolCall::outcome)
        .as("43 is new work after 42").containsExactly(ToolOutcome.DONE);
    assertThat(orders.calls.get()).isEqualTo(2);

    server.toolCalls(new ScriptedChatServer.ToolCall("lookupOrder", "{\"orderId\":\"42\"}")).text("Shipped.")
        .toolCalls(new ScriptedChatServer.ToolCall("lookupOrder", "{\"orderId\":\"43\"}")).text("Shipped too.");
    ToolSettings semantic = exact.withSemanticGuard("lookupOrder", 0.5);
    TurnResult guarded = run(agent("orders-semantic", PER_STEP.withTools(semantic), LlmReasoner.builder(calls())
        .tools(Tools.builder().add(orders).build()).factory()), 0, "Where is order 42?", "And order 43?");
    assertThat(guarded.steps().get(1).decision().toolCalls()).extracting(ToolCall::outcome)
        .as("alike at 0.5 by meaning, but another order: the identifiers must agree").containsExactly(ToolOutcome.DONE);
    assertThat(orders.calls.get()).isEqualTo(4);
  }

  @Test
  void should_block_a_reworded_call_about_the_same_thing_under_a_semantic_guard() {
    Flights flights = new Flights();
    server.toolCalls(new ScriptedChatServer.ToolCall("searchFlights",
            "{\"query\":\"flights from Lisbon to Berlin on 2026-03-04\"}")).text("Found two.")
        .toolCalls(new ScriptedChatServer.ToolCall("searchFlights",
            "{\"query\":\"flights Lisbon to Berlin on March 4, 2026 please\"}")).text("The same two.")
        .toolCalls(new ScriptedChatServer.ToolCall("searchFlights",
            "{\"query\":\"flights from Lisbon to Berlin on 2026-03-05\"}")).text("Two more.");
    ToolSettings semantic = ToolSettings.builder().maxCallsPerStep(4).rememberCalls(true)
        .guard(ToolSettings.Guard.BLOCK).build().withSemanticGuard("searchFlights", 0.5);
    TurnResult turn = run(agent("flights-semantic", PER_STEP.withTools(semantic), LlmReasoner.builder(calls())
        .tools(Tools.builder().add(flights).build()).factory()), 0, "Flights on the 4th?", "Again, the 4th?",
        "And the 5th?");
    assertThat(turn.steps()).extracting(s -> s.decision().toolCalls().get(0).outcome())
        .as("the same date reworded is a repeat; another date is new work")
        .containsExactly(ToolOutcome.DONE, ToolOutcome.BLOCKED, ToolOutcome.DONE);
    assertThat(turn.steps().get(1).decision().toolCalls().get(0).note()).contains("similarity");
    assertThat(flights.calls.get()).isEqualTo(2);
  }

  @Test
  void should_refuse_a_semantic_guard_threshold_below_0_naming_the_tool() {
    assertThatThrownBy(() -> ToolSettings.DEFAULTS.withSemanticGuard("lookupOrder", -0.5))
        .hasMessageContaining("tools.semantic-guard.lookupOrder must be in [0, 1]: -0.5");
  }

  @Test
  void should_fail_the_step_when_the_model_answers_with_neither_a_tool_call_nor_text() {
    server.text("");
    TurnResult turn = run(agent("mute", PER_STEP, LlmReasoner.builder(calls()).factory()), 0, "Hello?");
    assertThat(turn.aborted()).isTrue();
    assertThat(turn.failure()).contains("the model answered with neither a tool call nor text");
    assertThat(counters.snapshot().malformedReplies()).isEqualTo(1);
  }

  @Test
  void should_run_a_users_own_chat_model_with_the_memory_tools() {
    List<ChatRequest> seen = new ArrayList<>();
    ChatModel own = new ChatModel() { // any langchain4j ChatModel: here one that remembers once, then answers
      @Override
      public ChatResponse doChat(ChatRequest request) {
        seen.add(request);
        if (seen.size() == 1) {
          return ChatResponse.builder().aiMessage(AiMessage.from(List.of(
              dev.langchain4j.agent.tool.ToolExecutionRequest.builder().id("1").name("remember")
                  .arguments("{\"text\":\"the user likes trains\"}").build()))).build();
        }
        return ChatResponse.builder().aiMessage(AiMessage.from("Noted: trains.")).build();
      }
    };
    LlmReasoner.Builder reasoner = LlmReasoner.builder(own);
    ActorRef<Agent.Command> agent = agent("own-model", PER_STEP, reasoner.factory());
    StepRecord step = run(agent, 0, "I like trains").steps().get(0);
    assertThat(step.decision().actionLine()).isEqualTo("Noted: trains.");
    assertThat(reasoner.counters().snapshot().calls()).as("the counters, from the builder").isEqualTo(2);
    assertThat(step.memory()).extracting(MemoryCall::outcome).containsExactly(MemoryOutcome.STORED);
    assertThat(seen.get(0).toolSpecifications()).extracting(spec -> spec.name()).contains("remember", "recall");
  }
}
