package dev.memloop.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.memloop.runtime.llm.http.RetryAfter;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A model server that keeps each connection alive after its first answer and closes it, unanswered, when the second
 * request arrives on it ({@link DroppingChatServer}): what a server with a short keep-alive does to a client that
 * reuses its connections. Every
 * other call lands on such a connection; each is retried on a new one, counted as a connection retry, and no call
 * fails. Without retries the same server fails calls, so the test sees the drops it claims to ride out.
 */
class DroppedConnectionsTest {

  static final ChatRequest HI = ChatRequest.builder().messages(UserMessage.from("hi")).build();

  final List<Long> slept = new CopyOnWriteArrayList<>();

  ChatCalls calls(DroppingChatServer server, int retries, LlmCounters counters) {
    return new ChatCalls(new LlmSettings(server.baseUrl(), "gpt-5-nano", OptionalDouble.empty(),
        Duration.ofSeconds(10), retries, Duration.ofMillis(1), "sk-test"), counters, List.of(), new RetryAfter(),
        slept::add);
  }

  @Test
  void should_ride_out_a_server_that_drops_every_other_connection_and_count_the_retries() throws Exception {
    try (DroppingChatServer server = new DroppingChatServer("answer")) {
      LlmCounters counters = new LlmCounters();
      ChatCalls calls = calls(server, 2, counters);
      for (int i = 0; i < 20; i++) {
        assertThat(calls.chat(HI).aiMessage().text()).isEqualTo("answer");
      }
      LlmCounters.Snapshot after = counters.snapshot();
      assertThat(after.failures()).isZero();
      assertThat(server.dropped()).as("the server dropped requests").isPositive();
      assertThat(after.retriesByCause()).containsOnlyKeys("connection");
      assertThat(after.retriesByCause().get("connection")).isEqualTo(after.retries()).isEqualTo(server.dropped());
    }
  }

  @Test
  void should_fail_the_same_calls_without_retries() throws Exception {
    try (DroppingChatServer server = new DroppingChatServer("answer")) {
      LlmCounters counters = new LlmCounters();
      ChatCalls calls = calls(server, 0, counters);
      int failed = 0;
      for (int i = 0; i < 20; i++) {
        try {
          calls.chat(HI);
        } catch (LlmCallException e) {
          failed++;
          assertThat(e.getMessage()).startsWith("model call to gpt-5-nano failed after 1 attempt(s)");
        }
      }
      assertThat(failed).isPositive().isEqualTo(server.dropped());
      assertThat(ChatCalls.retryCause(new RuntimeException(new java.net.http.HttpTimeoutException("slow"))))
          .as("a timeout is not retried").isNull();
      assertThat(ChatCalls.retryCause(new IllegalStateException("not json"))).isNull();
      assertThat(ChatCalls.retryCause(new RuntimeException(new com.fasterxml.jackson.core.JsonParseException(null,
          "Unexpected character")))).as("a malformed body, which a retry would repeat").isNull();
      assertThat(ChatCalls.retryCause(new RuntimeException(new java.net.ConnectException("refused"))))
          .isEqualTo("connection");
    }
  }
}
