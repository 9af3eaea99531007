package dev.memloop.agents.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.agents.trip.TripAgents;
import dev.memloop.agents.trip.TripCondition;
import dev.memloop.agents.trip.TripRun;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.LlmSettings;
import dev.memloop.runtime.llm.ScriptedChatServer;
import dev.memloop.workloads.trip.TripConversation;
import dev.memloop.workloads.trip.TripConversations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Trip agents driven by a real langchain4j client against the scripted OpenAI-compatible server: the model's
 * remember and recall tool calls see what each memory policy allows.
 */
class LlmTripAgentTest {

  static final ActorTestKit testKit = ActorTestKit.create();
  static final String NOTE = "the user must travel by train";

  ScriptedChatServer server;

  @BeforeEach
  void start() throws Exception {
    server = new ScriptedChatServer();
  }

  @AfterEach
  void stop() {
    server.close();
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
    server.close();
    server = new ScriptedChatServer();
    assertThat(converse(TripAgents.MemoryArm.networked(Duration.ofMillis(110))).get(1))
        .isEqualTo("unavailable: this turn's latency budget cannot afford a memory read now; go on without it");
  }
}
