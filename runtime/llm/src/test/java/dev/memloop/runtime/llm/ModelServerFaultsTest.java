package dev.memloop.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.memloop.runtime.llm.http.RetryAfter;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The model server misbehaving every way the reliability sweep tried: asking for a wait with {@code Retry-After},
 * failing forever, cutting its body, answering garbage. Each call ends with a named failure or an answer, within its
 * deadline, and the counters say what happened. Backoffs are recorded, not slept, so the waits are exact.
 */
class ModelServerFaultsTest {

  private static final ChatRequest HI = ChatRequest.builder().messages(UserMessage.from("hi")).build();

  private final List<Long> slept = new CopyOnWriteArrayList<>();
  private final LlmCounters counters = new LlmCounters();

  private ChatCalls calls(ScriptedChatServer server, Duration timeout, int retries) {
    LlmSettings settings = new LlmSettings(server.baseUrl(), "gpt-5-nano", OptionalDouble.empty(), timeout, retries,
        Duration.ofMillis(1), "sk-test");
    return new ChatCalls(settings, counters, List.of(), new RetryAfter(), slept::add);
  }

  @Test
  void should_wait_what_retry_after_asks_before_the_retry() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.rateLimited("Retry-After", "2").text("after the wait");
      assertThat(calls(server, Duration.ofSeconds(10), 3).chat(HI).aiMessage().text()).isEqualTo("after the wait");
      assertThat(slept).as("one backoff, the server's 2 s rather than the 1 ms jitter").hasSize(1);
      assertThat(slept.get(0)).isBetween(Duration.ofMillis(1_500).toNanos(), Duration.ofSeconds(2).toNanos());
      assertThat(counters.snapshot().retries()).isEqualTo(1);
    }
  }

  @Test
  void should_honour_openai_milliseconds() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.rateLimited("retry-after-ms", "700").text("ok");
      assertThat(calls(server, Duration.ofSeconds(10), 3).chat(HI).aiMessage().text()).isEqualTo("ok");
      assertThat(slept.get(0)).isBetween(Duration.ofMillis(400).toNanos(), Duration.ofMillis(700).toNanos());
    }
  }

  @Test
  void should_give_up_at_once_when_the_wait_asked_is_beyond_the_deadline() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.rateLimited("Retry-After", "120").text("never asked for");
      assertThatThrownBy(() -> calls(server, Duration.ofSeconds(5), 3).chat(HI))
          .isInstanceOf(LlmCallException.class)
          .hasMessageContaining("Retry-After").hasMessageContaining("memloop.llm.timeout").hasMessageContaining("5s");
      assertThat(slept).as("no sleep past the deadline").isEmpty();
      assertThat(server.requests()).as("no retry").hasSize(1);
      assertThat(counters.snapshot().failures()).isEqualTo(1);
    }
  }

  @Test
  void should_stop_retrying_a_server_that_fails_forever() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer().otherwiseStatus(500, "down")) {
      assertThatThrownBy(() -> calls(server, Duration.ofSeconds(5), 2).chat(HI))
          .isInstanceOf(LlmCallException.class).hasMessageContaining("after 3 attempt(s)");
      assertThat(server.requests()).as("the first attempt and 2 retries").hasSize(3);
      assertThat(slept).hasSize(2).allSatisfy(nanos -> assertThat(nanos).isLessThanOrEqualTo(2_000_000L));
    }
  }

  @Test
  void should_fail_a_body_cut_mid_way_by_name_and_answer_the_next_call() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.cutMidBody("half of this").text("whole");
      ChatCalls calls = calls(server, Duration.ofSeconds(5), 0);
      assertThatThrownBy(() -> calls.chat(HI)).isInstanceOf(LlmCallException.class)
          .hasMessageStartingWith("model call to gpt-5-nano");
      assertThat(calls.chat(HI).aiMessage().text()).isEqualTo("whole");
    }
  }

  @Test
  void should_fail_malformed_json_by_name_without_retrying_it() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.malformed("{\"choices\": [ not json").text("never asked for");
      assertThatThrownBy(() -> calls(server, Duration.ofSeconds(5), 3).chat(HI)).isInstanceOf(LlmCallException.class)
          .hasMessageContaining("after 1 attempt(s)");
      assertThat(server.requests()).hasSize(1);
      assertThat(slept).isEmpty();
    }
  }
}
