package dev.memloop.agents.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.memloop.runtime.llm.ScriptedChatServerExtension;
import org.junit.jupiter.api.extension.ExtendWith;
import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.agents.trip.TripAgents;
import dev.memloop.agents.trip.TripCondition;
import dev.memloop.agents.trip.TripRun;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.LlmSettings;
import dev.memloop.runtime.llm.ScriptedChatServer;
import dev.memloop.workloads.trip.TripConstraint;
import dev.memloop.workloads.trip.TripConversation;
import dev.memloop.workloads.trip.TripConversations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Trip agents driven by a real langchain4j client against the scripted OpenAI-compatible server: the model's
 * remember and recall tool calls see what each memory policy allows.
 */
@ExtendWith(ScriptedChatServerExtension.class)
class LlmTripAgentTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final String NOTE = "the user must travel by train";

  ScriptedChatServer server;

  @BeforeEach
  void start(ScriptedChatServer server) throws Exception {
    this.server = server;
  }

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /**
   * Turn 0: remember the note, recall at once, answer; turns 1-4 answer; the last turn recalls and answers. Returns
   * the two recall results the model was sent: in turn 0, and in the last turn.
   */
  List<String> converse(TripAgents.MemoryArm arm) throws Exception {
    server.toolCalls(new ScriptedChatServer.ToolCall("remember", "{\"text\":\"" + NOTE + "\"}"))
        .toolCalls(new ScriptedChatServer.ToolCall("recall", "{\"query\":\"travel constraints\"}")).text("Noted.");
    for (int t = 1; t < 5; t++) {
      server.text("Noted.");
    }
    server.toolCalls(new ScriptedChatServer.ToolCall("recall", "{\"query\":\"travel constraints\"}"))
        .text("Your constraints: trains.");
    ChatCalls calls = new ChatCalls(new LlmSettings(server.baseUrl(), "gpt-5-mini", OptionalDouble.empty(),
        Duration.ofSeconds(10), 0, Duration.ZERO, ""), new LlmCounters());
    TripConversation conversation = TripConversations.generate(1);
    TripRun.Outcome outcome = TripRun.run(testKit.system(), TripAgents.llm("llm-trip", TripCondition.MEMORY, arm, calls,
        new HashingEmbedder(256)), TripCondition.MEMORY, arm.label(), conversation, null, Duration.ofSeconds(30));
    assertThat(outcome.finalAnswer()).isEqualTo("Your constraints: trains.");
    assertThat(outcome.stored()).as("the one note was kept").isEqualTo(1);
    List<JsonNode> requests = server.requests();
    return List.of(lastToolResult(requests.get(2)), lastToolResult(requests.get(requests.size() - 1)));
  }

  static String lastToolResult(JsonNode request) {
    List<String> results = new ArrayList<>();
    request.path("messages").forEach(m -> {
      if ("tool".equals(m.path("role").asText())) {
        results.add(m.path("content").asText());
      }
    });
    return results.get(results.size() - 1);
  }

  @Test
  void should_see_its_own_note_at_once_per_step() throws Exception {
    List<String> recalls = converse(TripAgents.MemoryArm.PER_STEP);
    assertThat(recalls.get(0)).contains(NOTE);
    assertThat(recalls.get(1)).contains(NOTE);
  }

  @Test
  void should_see_its_note_from_the_next_turn_on_per_turn() throws Exception {
    List<String> recalls = converse(TripAgents.MemoryArm.PER_TURN);
    assertThat(recalls.get(0)).as("held until the turn ends").isEqualTo("no notes saved");
    assertThat(recalls.get(1)).contains(NOTE);
  }

  @Test
  void should_recall_over_an_affordable_round_trip_and_be_told_when_one_is_not() throws Exception {
    assertThat(converse(TripAgents.MemoryArm.networked(Duration.ofMillis(30))).get(1)).contains(NOTE);
    try (ScriptedChatServer second = new ScriptedChatServer()) { // a fresh script for the second round trip
      server = second;
      assertThat(converse(TripAgents.MemoryArm.networked(Duration.ofMillis(110))).get(1))
          .isEqualTo("unavailable: this turn's latency budget cannot afford a memory read now; go on without it");
    }
  }

  static ScriptedChatServer.ToolCall remember(String text) {
    return new ScriptedChatServer.ToolCall("remember", "{\"text\":\"" + text + "\"}");
  }

  @Test
  void should_remember_during_turns_recall_before_the_answer_and_grade_five_of_five() throws Exception {
    TripConversation trip = TripConversations.generate(4);
    List<TripConstraint> c = trip.constraints();
    server.toolCalls(remember(c.get(0).statement()), remember(c.get(1).statement())).text("Noted, saved both.")
        .toolCalls(remember(c.get(2).statement()), remember(c.get(3).statement())).text("Saved.")
        .toolCalls(remember(c.get(4).statement())).text("Saved.")
        .text("Late May is warm.")
        .text("The city museum is lovely.")
        .toolCalls(new ScriptedChatServer.ToolCall("recall", "{\"query\":\"trip constraints\"}"))
        .text("Your constraints: " + String.join(" ", c.stream().map(TripConstraint::statement).toList()));
    LlmCounters counters = new LlmCounters();
    ChatCalls calls = new ChatCalls(new LlmSettings(server.baseUrl(), "gpt-5-mini", OptionalDouble.empty(),
        Duration.ofSeconds(10), 0, Duration.ZERO, ""), counters);

    TripRun.Outcome outcome = TripRun.run(testKit.system(), TripAgents.llm("llm-trip-5", TripCondition.MEMORY,
        TripAgents.MemoryArm.PER_STEP, calls, new HashingEmbedder(256)), TripCondition.MEMORY, "per-step", trip, null,
        Duration.ofSeconds(30));

    assertThat(outcome.recalled()).isEqualTo(5);
    assertThat(outcome.writes()).isEqualTo(5);
    assertThat(outcome.stored()).isEqualTo(5);
    assertThat(outcome.recallNanos()).hasSize(1);
    assertThat(server.pending()).isZero();
    List<String> requests = server.requests().stream().map(Object::toString).toList();
    assertThat(requests.size()).as("2 + 2 + 2 + 1 + 1 + 2 calls").isEqualTo(10);
    assertThat(requests.get(0).contains("\"remember\"") && requests.get(0).contains("\"recall\""))
        .as("the memory tools were sent").isTrue();
    String finalRequest = requests.get(9);
    assertThat(finalRequest.contains(c.get(0).statement()) && finalRequest.contains(c.get(4).statement()))
        .as("the recall's notes went back to the model").isTrue();
    assertThat(requests.get(8).contains(trip.userMessages().get(0))).as("the first turn has left the window of 4 "
        + "messages").isFalse();
    assertThat(counters.snapshot().calls()).isEqualTo(10);
  }

  @Test
  void should_send_the_baseline_no_tools() throws Exception {
    TripConversation trip = TripConversations.generate(2);
    for (int turn = 0; turn < TripConversation.TURNS; turn++) {
      server.text("Sure.");
    }
    ChatCalls calls = new ChatCalls(new LlmSettings(server.baseUrl(), "gpt-5-mini", OptionalDouble.empty(),
        Duration.ofSeconds(10), 0, Duration.ZERO, ""), new LlmCounters());
    TripRun.Outcome outcome = TripRun.run(testKit.system(), TripAgents.llm("llm-trip-baseline", TripCondition.BASELINE,
        TripAgents.MemoryArm.PER_STEP, calls, new HashingEmbedder(256)), TripCondition.BASELINE, "-", trip, null,
        Duration.ofSeconds(30));
    assertThat(outcome.recalled()).isZero();
    assertThat(outcome.writes()).isZero();
    assertThat(server.requests()).hasSize(TripConversation.TURNS)
        .allSatisfy(r -> assertThat(r.has("tools")).isFalse());
  }
}
