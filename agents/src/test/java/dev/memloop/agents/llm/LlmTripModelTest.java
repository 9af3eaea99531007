package dev.memloop.agents.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.agents.trip.TripCondition;
import dev.memloop.agents.trip.TripSession;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.LlmSettings;
import dev.memloop.runtime.llm.ScriptedChatServer;
import dev.memloop.runtime.llm.ScriptedChatServer.ToolCall;
import dev.memloop.workloads.trip.TripConstraint;
import dev.memloop.workloads.trip.TripConversation;
import dev.memloop.workloads.trip.TripConversations;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The trip task with a model behind real HTTP: tool calls into working memory, the window, the graders. */
class LlmTripModelTest {

  ScriptedChatServer server;
  LlmCounters counters;
  ChatCalls calls;

  @BeforeEach
  void start() throws Exception {
    server = new ScriptedChatServer();
    counters = new LlmCounters();
    calls = new ChatCalls(new LlmSettings(server.baseUrl(), "gpt-5-mini", OptionalDouble.empty(), Duration.ofSeconds(10),
        0, Duration.ZERO, "sk-trip-test-key"), counters);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static ToolCall remember(String text) {
    return new ToolCall("remember", "{\"text\":\"" + text + "\"}");
  }

  @Test
  void should_remember_during_turns_recall_before_the_answer_and_grade_five_of_five() {
    TripConversation trip = TripConversations.generate(4);
    List<TripConstraint> c = trip.constraints();
    server.toolCalls(remember(c.get(0).statement()), remember(c.get(1).statement())).text("Noted, saved both.")
        .toolCalls(remember(c.get(2).statement()), remember(c.get(3).statement())).text("Saved.")
        .toolCalls(remember(c.get(4).statement())).text("Saved.")
        .text("Late May is warm.")
        .text("The city museum is lovely.")
        .toolCalls(new ToolCall("recall", "{\"query\":\"trip constraints\"}"))
        .text("Your constraints: " + String.join(" ", c.stream().map(TripConstraint::statement).toList()));

    TripSession.Outcome outcome = TripSession.run(trip, TripCondition.MEMORY, new LlmTripModel(calls), 4,
        new HashingEmbedder(256), 8);

    assertThat(outcome.recalled()).isEqualTo(5);
    assertThat(outcome.writes()).isEqualTo(5);
    assertThat(outcome.stored()).isEqualTo(5);
    assertThat(outcome.recallNanos()).hasSize(1);
    assertThat(server.pending()).isZero();
    List<String> requests = server.requests().stream().map(Object::toString).toList();
    assertThat(requests.size()).as("2 + 2 + 2 + 1 + 1 + 2 calls").isEqualTo(10);
    assertThat(requests.get(0).contains("\"remember\"") && requests.get(0).contains("recall(query) returns"))
        .as("tools and the memory prompt were sent").isTrue();
    String finalRequest = requests.get(9);
    assertThat(finalRequest.contains(c.get(0).statement()) && finalRequest.contains(c.get(4).statement()))
        .as("the recall's notes went back to the model").isTrue();
    assertThat(requests.get(8).contains(trip.userMessages().get(0))).as("the first turn has left the window of 4 "
        + "messages").isFalse();
    assertThat(counters.snapshot().inputTokens()).isEqualTo(10 * 40);
  }

  @Test
  void should_answer_malformed_tool_calls_as_tool_errors_and_count_them() {
    TripConversation trip = TripConversations.generate(4);
    server.toolCalls(new ToolCall("remember", "{not json"), new ToolCall("forget", "{}"),
        new ToolCall("remember", "{\"note\":\"x\"}")).text("Sorry, saved nothing.");
    for (int turn = 1; turn < TripConversation.TURNS; turn++) {
      server.text("Noted.");
    }
    TripSession.Outcome outcome = TripSession.run(trip, TripCondition.MEMORY, new LlmTripModel(calls), 4,
        new HashingEmbedder(256), 8);
    assertThat(counters.snapshot().toolErrors()).isEqualTo(3);
    assertThat(outcome.writes()).isZero();
    String second = server.requests().get(1).toString();
    assertThat(second.contains("error: the arguments of remember are not JSON")).isTrue();
    assertThat(second.contains("error: no tool named 'forget'")).isTrue();
    assertThat(second.contains("needs a non-blank")).isTrue();
  }

  @Test
  void should_send_the_baseline_no_tools() {
    TripConversation trip = TripConversations.generate(2);
    for (int turn = 0; turn < TripConversation.TURNS; turn++) {
      server.text("Sure.");
    }
    TripSession.Outcome outcome = TripSession.run(trip, TripCondition.BASELINE, new LlmTripModel(calls), 4,
        new HashingEmbedder(256), 8);
    assertThat(outcome.recalled()).isZero();
    assertThat(server.requests()).allSatisfy(r -> assertThat(r.has("tools")).isFalse());
  }

  @Test
  void should_grade_with_the_rubric_and_refuse_a_malformed_grade() {
    List<TripConstraint> c = TripConversations.generate(1).constraints();
    server.text("GRADE: 4/5").text("I would say four.").text("GRADE: 6/5");
    RubricGrader rubric = new RubricGrader(calls);
    assertThat(rubric.grade("an answer", c)).isEqualTo(4);
    String sent = server.requests().get(0).toString();
    assertThat(sent.contains(c.get(0).statement()) && sent.contains("GRADE: <count>/5")).isTrue();
    assertThatThrownBy(() -> rubric.grade("an answer", c))
        .hasMessageContaining("the rubric grader's reply is not 'GRADE: n/5': 'I would say four.'");
    assertThatThrownBy(() -> rubric.grade("an answer", c)).hasMessageContaining("graded 6/5 for 5 constraints");
  }
}
