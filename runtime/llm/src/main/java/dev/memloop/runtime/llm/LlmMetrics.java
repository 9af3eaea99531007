package dev.memloop.runtime.llm;

import dev.memloop.runtime.metrics.MetricNames;
import dev.langchain4j.model.chat.listener.ChatModelErrorContext;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.listener.ChatModelRequestContext;
import dev.langchain4j.model.chat.listener.ChatModelResponseContext;
import dev.langchain4j.model.output.TokenUsage;
import dev.memloop.runtime.llm.LlmCounters;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * Model calls as langchain4j reports them to its {@link ChatModelListener}s: each attempt's latency and outcome
 * ({@link MetricNames#LLM_CALLS}, a timer tagged {@code outcome} {@code ok} or {@code error}) and its tokens
 * ({@link MetricNames#LLM_TOKENS}, by {@code direction}). Retries and timeouts are decided above the model, by
 * {@code ChatCalls}: they are read from its {@link LlmCounters} ({@code memloop_llm_retries_total},
 * {@code memloop_llm_timeouts_total}). The same calls in the OpenTelemetry GenAI conventions' names, for
 * GenAI-aware dashboards: {@code gen_ai.client.operation.duration} (seconds, a histogram) and
 * {@code gen_ai.client.token.usage} (tokens per call, a histogram by {@code gen_ai.token.type}), each by
 * {@code gen_ai.operation.name}, {@code gen_ai.provider.name} and {@code gen_ai.request.model}, with
 * {@code error.type} (empty when the call answered: Prometheus wants one set of labels per name). Add it to a model
 * of your own with its builder's {@code listeners(...)}. Thread-safe: every agent's calls go through one listener.
 */
public final class LlmMetrics implements ChatModelListener {

  private static final Object STARTED = new Object(); // the attribute key of a call's start, in its context

  /** The GenAI conventions' metric names (semantic-conventions-genai v0.1.0, status Development). */
  public static final String GENAI_DURATION = "gen_ai.client.operation.duration";
  public static final String GENAI_TOKENS = "gen_ai.client.token.usage";

  private final MeterRegistry registry;
  private final Timer ok;
  private final Timer failed;
  private final Counter input;
  private final Counter output;

  /** @param counters the runtime's own counters of the same calls, for retries and timeouts; null for none */
  public LlmMetrics(MeterRegistry registry, LlmCounters counters) {
    this.registry = registry;
    ok = timer(registry, "ok");
    failed = timer(registry, "error");
    input = Counter.builder(MetricNames.LLM_TOKENS).tag("direction", "input").description("Tokens sent to the model")
        .register(registry);
    output = Counter.builder(MetricNames.LLM_TOKENS).tag("direction", "output")
        .description("Tokens the model answered with").register(registry);
    if (counters != null) {
      for (String cause : ChatCalls.RETRY_CAUSES) {
        FunctionCounter.builder("memloop.llm.retries", counters,
                c -> c.snapshot().retriesByCause().getOrDefault(cause, 0L))
            .tag("cause", cause).description("Model calls retried, by cause: a 429, a 5xx, a connection that failed")
            .register(registry);
      }
      FunctionCounter.builder("memloop.llm.timeouts", counters, c -> c.snapshot().timeouts())
          .description("Model calls that timed out").register(registry);
    }
  }

  private static Timer timer(MeterRegistry registry, String outcome) {
    return Timer.builder(MetricNames.LLM_CALLS).tag(MetricNames.OUTCOME, outcome)
        .description("Model calls (each attempt) and their latency").publishPercentileHistogram()
        .register(registry);
  }

  @Override
  public void onRequest(ChatModelRequestContext context) {
    context.attributes().put(STARTED, System.nanoTime());
  }

  @Override
  public void onResponse(ChatModelResponseContext context) {
    Object started = context.attributes().get(STARTED);
    record(ok, started);
    Tags call = genAi(context.modelProvider(), model(context.chatRequest(), context.chatResponse().modelName()), "");
    record(Timer.builder(GENAI_DURATION).description("GenAI operation duration").tags(call)
        .publishPercentileHistogram().register(registry), started);
    TokenUsage usage = context.chatResponse().tokenUsage();
    if (usage != null) {
      int in = Tokens.input(usage);
      int out = Tokens.output(usage);
      input.increment(in);
      output.increment(out);
      tokens(call, "input").record(in);
      tokens(call, "output").record(out);
    }
  }

  @Override
  public void onError(ChatModelErrorContext context) {
    Object started = context.attributes().get(STARTED);
    record(failed, started);
    Throwable error = context.error();
    record(Timer.builder(GENAI_DURATION).description("GenAI operation duration")
        .tags(genAi(context.modelProvider(), model(context.chatRequest(), null),
            error == null ? "_OTHER" : error.getClass().getSimpleName()))
        .publishPercentileHistogram().register(registry), started);
  }

  private DistributionSummary tokens(Tags call, String type) {
    return DistributionSummary.builder(GENAI_TOKENS).description("Measures number of input and output tokens used")
        .tags(call).tag("gen_ai.token.type", type).publishPercentileHistogram().register(registry);
  }

  private static Tags genAi(dev.langchain4j.model.ModelProvider provider, String model, String errorType) {
    return Tags.of("gen_ai.operation.name", "chat", "gen_ai.provider.name", GenAi.provider(provider),
        "gen_ai.request.model", model, "error.type", errorType);
  }

  private static String model(dev.langchain4j.model.chat.request.ChatRequest request, String answered) {
    String asked = request == null ? null : request.modelName();
    return asked != null ? asked : answered != null ? answered : "unknown";
  }

  private static void record(Timer timer, Object started) {
    if (started instanceof Long start) {
      timer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    } else {
      timer.record(0, TimeUnit.NANOSECONDS); // the model did not tell its listeners of the request: counted, untimed
    }
  }
}
