package dev.memloop.runtime.llm;

import dev.memloop.runtime.metrics.MetricNames;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.LlmSettings;
import dev.memloop.runtime.llm.ScriptedChatServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** Model calls to the scripted OpenAI-compatible server, counted through langchain4j's listener. */
class LlmMetricsTest {

  @Test
  void should_count_calls_tokens_errors_and_retries_of_a_real_client() throws Exception {
    try (ScriptedChatServer server = new ScriptedChatServer()) {
      server.text("one").status(500, "busy").text("two").status(400, "bad request");
      SimpleMeterRegistry registry = new SimpleMeterRegistry();
      LlmCounters counters = new LlmCounters();
      LlmSettings settings = new LlmSettings(server.baseUrl(), "gpt-5-nano", OptionalDouble.empty(),
          Duration.ofSeconds(10), 2, Duration.ofMillis(1), "sk-test");
      ChatCalls calls = new ChatCalls(settings, counters, List.of(new LlmMetrics(registry, counters)));
      ChatRequest request = ChatRequest.builder().messages(UserMessage.from("hi")).build();

      calls.chat(request);
      calls.chat(request); // a 500, retried, then answered
      assertThatThrownBy(() -> calls.chat(request)).hasMessageContaining("failed after 1 attempt");

      assertThat(registry.get(MetricNames.LLM_CALLS).tag(MetricNames.OUTCOME, "ok").timer().count()).isEqualTo(2);
      assertThat(registry.get(MetricNames.LLM_CALLS).tag(MetricNames.OUTCOME, "error").timer().count()).isEqualTo(2);
      assertThat(registry.get(MetricNames.LLM_TOKENS).tag("direction", "input").counter().count()).isEqualTo(80);
      assertThat(registry.get(MetricNames.LLM_TOKENS).tag("direction", "output").counter().count()).isEqualTo(16);
      assertThat(registry.get("memloop.llm.retries").tag("cause", "server-error").functionCounter().count())
          .isEqualTo(1);
      assertThat(registry.get("memloop.llm.retries").tag("cause", "connection").functionCounter().count()).isZero();
      assertThat(registry.get(MetricNames.LLM_CALLS).tag(MetricNames.OUTCOME, "ok").timer()
          .totalTime(java.util.concurrent.TimeUnit.NANOSECONDS)).isPositive();

      // the same calls in the OpenTelemetry GenAI conventions' names
      assertThat(registry.get(LlmMetrics.GENAI_DURATION).tag("gen_ai.operation.name", "chat")
          .tag("gen_ai.provider.name", "openai").tag("gen_ai.request.model", "gpt-5-nano").tag("error.type", "")
          .timer().count()).isEqualTo(2);
      assertThat(registry.get(LlmMetrics.GENAI_DURATION).tagKeys("error.type").timers())
          .filteredOn(t -> !t.getId().getTag("error.type").isEmpty()).extracting(t -> t.count())
          .as("each failed attempt, by its error's type").containsOnly(1L);
      assertThat(registry.get(LlmMetrics.GENAI_TOKENS).tag("gen_ai.token.type", "input").summary().totalAmount())
          .isEqualTo(80);
      assertThat(registry.get(LlmMetrics.GENAI_TOKENS).tag("gen_ai.token.type", "output").summary().count())
          .as("one record per answered call").isEqualTo(2);
    }
  }
}
