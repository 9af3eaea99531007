package dev.memloop.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import java.time.Duration;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * {@code memloop.llm.timeout} bounds the whole model call, body included: a server that sends its headers and then
 * trickles the body is cut off at the deadline and counted as a timeout (before, the HTTP client's timeout ended
 * at the headers, and such a server hung a run without limit).
 */
class ChatCallsDeadlineTest {

  @Test
  void should_end_a_call_whose_body_stalls_at_its_deadline() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.stalledBody(Duration.ofSeconds(5), "late").text("on time");
      LlmCounters counters = new LlmCounters();
      ChatCalls calls = new ChatCalls(new LlmSettings(server.baseUrl(), "gpt-5-nano", OptionalDouble.empty(),
          Duration.ofMillis(500), 0, Duration.ofMillis(1), "sk-test"), counters);
      ChatRequest request = ChatRequest.builder().messages(UserMessage.from("hi")).build();

      assertThatThrownBy(() -> calls.chat(request)).isInstanceOf(LlmCallException.class)
          .hasMessage("model call to gpt-5-nano timed out");
      assertThat(counters.snapshot().timeouts()).isEqualTo(1);
      assertThat(calls.chat(request).aiMessage().text()).as("the next call is answered").isEqualTo("on time");
    }
  }
}
