package dev.memloop.agents.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.runtime.llm.ScriptedChatServerExtension;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.memloop.runtime.llm.CallLimits;
import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmCallException;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.LlmSettings;
import dev.memloop.runtime.llm.ScriptedChatServer;
import com.typesafe.config.ConfigFactory;
import dev.memloop.runtime.Reasoner;
import dev.memloop.runtime.ReasonerFactory;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.StepContext;
import dev.memloop.runtime.step.UnusedMemory;
import dev.memloop.runtime.step.WindowMessage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The LLM reasoner against a scripted OpenAI-compatible server, through the real langchain4j client. */
@ExtendWith(ScriptedChatServerExtension.class)
class LlmReasonerTest {

  static final String KEY = "sk-test-9f8e7d6c5b4a";
  ScriptedChatServer server;
  ExecutorService blocking;
  LlmCounters counters;

  @BeforeEach
  void start(ScriptedChatServer server) throws Exception {
    this.server = server;
    blocking = Executors.newFixedThreadPool(2);
    counters = new LlmCounters();
  }

  @AfterEach
  void stop() {
    blocking.shutdownNow();
  }

  Reasoner reasoner(Duration timeout) {
    LlmSettings settings = new LlmSettings(server.baseUrl(), "gpt-5-nano", OptionalDouble.empty(), timeout, 2,
        Duration.ofMillis(1), KEY);
    return TriagePrompt.reasoner(new ChatCalls(settings, counters)).factory()
        .create(new ReasonerFactory.Context("a-1", 1, blocking, AgentConfigs.defaults()));
  }

  static StepContext step(String alert, List<String> pinned) {
    return new StepContext("a-1", 0, 0, new Observation("alert-1", alert), List.of(
        new WindowMessage(WindowMessage.Role.OBSERVATION, "earlier alert"),
        new WindowMessage(WindowMessage.Role.REPLY, "investigate host=db-01 sig=sql-injection")), pinned,
        UnusedMemory.INSTANCE);
  }

  static Decision decide(Reasoner reasoner, StepContext context) throws Exception {
    return reasoner.decide(context).toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Test
  void should_act_on_the_model_s_action_line_and_send_the_prompt_window_and_alert() throws Exception {
    server.text("investigate host=web-03 sig=ssh-bruteforce");
    Decision decision = decide(reasoner(Duration.ofSeconds(10)), step("SSH brute force on web-03", List.of()));

    assertThat(decision.acts()).isTrue();
    assertThat(decision.actionLine()).isEqualTo("investigate host=web-03 sig=ssh-bruteforce");
    String sent = server.requests().get(0).toString();
    assertThat(sent).contains("security triage agent").contains("SSH brute force on web-03")
        .contains("investigate host=db-01 sig=sql-injection").contains("gpt-5-nano");
    assertThat(server.authorizations()).containsExactly("Bearer " + KEY);
    assertThat(counters.snapshot().inputTokens()).isEqualTo(40);
    assertThat(counters.snapshot().outputTokens()).isEqualTo(8);
    assertThat(counters.usage()).singleElement().satisfies(call -> {
      assertThat(call.model()).isEqualTo("gpt-5-nano");
      assertThat(call.inputTokens()).isEqualTo(40);
      assertThat(call.outputTokens()).isEqualTo(8);
      assertThat(call.nanos()).isPositive();
    });
  }

  @Test
  void should_skip_as_a_recognized_duplicate_where_the_model_saw_it() throws Exception {
    server.text("skip host=db-01 sig=sql-injection").text("Skip host=web-03 sig=ssh-bruteforce, done before.");
    Decision fromWindow = decide(reasoner(Duration.ofSeconds(10)), step("SQLi on db-01 again", List.of()));
    Decision fromPinned = decide(reasoner(Duration.ofSeconds(10)), step("web-03 brute force",
        List.of("investigate host=web-03 sig=ssh-bruteforce")));
    assertThat(fromWindow.recognition()).isEqualTo(Decision.Recognition.WINDOW);
    assertThat(fromPinned.recognition()).isEqualTo(Decision.Recognition.PINNED);
    assertThat(fromPinned.actionLine()).isEqualTo("investigate host=web-03 sig=ssh-bruteforce");
  }

  @Test
  void should_retry_a_429_and_a_500_then_answer() throws Exception {
    server.status(429, "rate limited").status(500, "overloaded").text("investigate host=h1 sig=s1");
    Decision decision = decide(reasoner(Duration.ofSeconds(10)), step("alert", List.of()));
    assertThat(decision.actionLine()).isEqualTo("investigate host=h1 sig=s1");
    assertThat(counters.snapshot().retries()).isEqualTo(2);
    assertThat(counters.snapshot().calls()).isEqualTo(3);
    assertThat(counters.snapshot().failures()).isZero();
  }

  @Test
  void should_fail_once_retries_are_spent_without_showing_the_key() {
    for (int i = 0; i < 3; i++) {
      server.status(503, "bad gateway for key " + KEY);
    }
    assertThatThrownBy(() -> decide(reasoner(Duration.ofSeconds(10)), step("alert", List.of())))
        .rootCause().isInstanceOf(LlmCallException.class).hasMessageContaining("failed after 3 attempt(s)")
        .hasMessageNotContaining(KEY).hasNoCause();
    assertThat(counters.snapshot().failures()).isEqualTo(1);
    assertThat(counters.snapshot().retries()).isEqualTo(2);
  }

  @Test
  void should_not_retry_a_refused_key_and_should_redact_it() {
    server.status(401, "Incorrect API key provided: " + KEY);
    assertThatThrownBy(() -> decide(reasoner(Duration.ofSeconds(10)), step("alert", List.of())))
        .rootCause().hasMessageNotContaining(KEY).hasMessageContaining("[redacted key]");
    assertThat(counters.snapshot().calls()).isEqualTo(1);
  }

  @Test
  void should_end_a_slow_call_as_a_timeout_not_a_hang() {
    server.slow(Duration.ofSeconds(5), "investigate host=h sig=s");
    assertThatThrownBy(() -> decide(reasoner(Duration.ofMillis(300)), step("alert", List.of())))
        .isInstanceOf(java.util.concurrent.ExecutionException.class)
        .rootCause().isInstanceOfSatisfying(LlmCallException.class, e -> assertThat(e.timedOut()).isTrue());
    assertThat(counters.snapshot().timeouts()).isEqualTo(1);
  }

  @Test
  void should_fail_the_step_on_an_answer_without_an_action_line() {
    server.text("I am not sure what to do.");
    assertThatThrownBy(() -> decide(reasoner(Duration.ofSeconds(10)), step("alert", List.of())))
        .rootCause().hasMessageContaining("the model's answer has no action line: 'I am not sure what to do.'");
    assertThat(counters.snapshot().malformedReplies()).isEqualTo(1);
  }

  @Test
  void should_read_settings_from_config_and_environment_and_never_print_the_key() {
    LlmSettings settings = LlmSettings.from(ConfigFactory.load(), Map.of("OPENAI_API_KEY", KEY));
    assertThat(settings.baseUrl()).isEqualTo(LlmSettings.OPENAI);
    assertThat(settings.model()).isEqualTo("gpt-5-nano");
    assertThat(settings.temperature()).isEmpty();
    assertThat(settings.configured()).isTrue();
    assertThat(settings.toString()).doesNotContain(KEY).contains("[redacted]");
    LlmSettings local = LlmSettings.from(ConfigFactory.load(), Map.of("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1"));
    assertThat(local.configured()).as("a local server needs no key").isTrue();
    assertThat(LlmSettings.from(ConfigFactory.load(), Map.of()).configured()).isFalse();
    assertThatThrownBy(() -> new LlmSettings("ftp://x", "m", OptionalDouble.empty(), Duration.ofSeconds(1), 1,
        Duration.ZERO, "")).hasMessageContaining("memloop.llm.base-url must be an http(s) URL: 'ftp://x'");
    assertThatThrownBy(() -> new LlmSettings(LlmSettings.OPENAI, "m", OptionalDouble.of(3), Duration.ofSeconds(1), 1,
        Duration.ZERO, "")).hasMessageContaining("memloop.llm.temperature must be in [0, 2]: 3.0");
    assertThatThrownBy(() -> new LlmSettings(LlmSettings.OPENAI, "m", OptionalDouble.empty(), Duration.ZERO, 1,
        Duration.ZERO, "")).hasMessageContaining("memloop.llm.timeout must be > 0: 0s");
    assertThatThrownBy(() -> new CallLimits(-1, 0, Duration.ofSeconds(1)))
        .hasMessageContaining("memloop.llm.max-concurrent must be >= 0 (0 for no bound): -1");
    assertThatThrownBy(() -> new CallLimits(1, Double.NaN, Duration.ofSeconds(1)))
        .hasMessageContaining("memloop.llm.calls-per-second must be >= 0 (0 for no bound): NaN");
    assertThatThrownBy(() -> new CallLimits(1, 1, Duration.ZERO)).hasMessageContaining("must be > 0: 0s");
    assertThat(CallLimits.from(ConfigFactory.load()).maxConcurrent()).as("reference.conf").isEqualTo(8);
    assertThatThrownBy(() -> new LlmSettings(LlmSettings.OPENAI, "m", OptionalDouble.empty(), Duration.ofSeconds(1), -1,
        Duration.ZERO, "")).hasMessageContaining("memloop.llm.max-retries must be in [0, 20]: -1");
  }
}
