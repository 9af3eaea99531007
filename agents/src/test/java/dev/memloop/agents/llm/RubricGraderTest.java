package dev.memloop.agents.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.runtime.llm.ScriptedChatServerExtension;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.LlmSettings;
import dev.memloop.runtime.llm.ScriptedChatServer;
import dev.memloop.workloads.trip.TripConstraint;
import dev.memloop.workloads.trip.TripConversations;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rubric grader against the scripted OpenAI-compatible server. */
@ExtendWith(ScriptedChatServerExtension.class)
class RubricGraderTest {

  ScriptedChatServer server;
  ChatCalls calls;

  @BeforeEach
  void start(ScriptedChatServer server) throws Exception {
    this.server = server;
    calls = new ChatCalls(new LlmSettings(server.baseUrl(), "gpt-5-mini", OptionalDouble.empty(), Duration.ofSeconds(10),
        0, Duration.ZERO, "sk-trip-test-key"), new LlmCounters());
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
