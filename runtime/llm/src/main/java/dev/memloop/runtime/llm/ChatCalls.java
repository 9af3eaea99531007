package dev.memloop.runtime.llm;

import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.output.TokenUsage;
import dev.memloop.memory.timing.Deadline;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.llm.http.RetryAfter;
import dev.memloop.runtime.llm.http.RetryAfterHttpClient;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.ratelimiter.RateLimiter;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;

/**
 * Blocking chat calls to one langchain4j {@link ChatModel} (OpenAI or an OpenAI-compatible server built from
 * {@link LlmSettings}, or any model a user brings: Ollama, Anthropic, Gemini...) with this runtime's failure policy:
 * a 429, a 5xx or a connection that failed under the call ({@link #retryCause}) is retried up to {@code maxRetries}
 * times after exponential backoff with full jitter, or after the wait
 * the server asked for in {@code Retry-After} when that is longer (OpenAI-compatible servers only: a user's own model
 * keeps its client, whose headers this class never sees); a wait asked beyond the call's deadline ends the call at once
 * instead of sleeping past it; a timeout ends the call at once; every other error ends it too. With {@link CallLimits}, at most so many calls are in flight at
 * once and at most so many start per second, across every agent sharing this object. Tokens, retries and failures go
 * to the counters; failures leave as {@link LlmCallException}, redacted. Thread-safe; call it from a blocking
 * executor, never an actor's dispatcher.
 */
public final class ChatCalls {

  /** What a retry may be for ({@link #retryCause}): the {@code cause} of {@code memloop.llm.retries}. */
  public static final java.util.List<String> RETRY_CAUSES = java.util.List.of("rate-limit", "server-error",
      "connection");

  private final ChatModel model;
  private final String modelName;
  private final int maxRetries;
  private final Duration backoff;
  private final UnaryOperator<String> redact;
  private final LlmCounters counters;
  private final CallLimits limits;
  private final Bulkhead inFlight; // null without limits
  private final RateLimiter starts; // null without a rate
  /** The whole call's deadline, body included (the HTTP client's own timeout stops at the headers); null: none. */
  private final Duration deadline;
  /** What the server last asked for in Retry-After, shared by every call through this object's client. */
  private final RetryAfter serverWait;
  /** Sleeps so many nanoseconds: the backoff (tests record it instead). */
  private final java.util.function.LongConsumer sleeper;


  /** Calls to the OpenAI-compatible server of {@code settings}, retried and redacted by them. */
  public ChatCalls(LlmSettings settings, LlmCounters counters) {
    this(settings, counters, java.util.List.of());
  }

  /** As {@link #ChatCalls(LlmSettings, LlmCounters)}, every attempt also told to {@code listeners} (metrics, traces). */
  public ChatCalls(LlmSettings settings, LlmCounters counters,
      java.util.List<dev.langchain4j.model.chat.listener.ChatModelListener> listeners) {
    this(settings, counters, listeners, new RetryAfter(), ChatCalls::sleep);
  }

  /** As above, with the server's asked waits kept in {@code serverWait} and backoffs slept by {@code sleeper}. */
  ChatCalls(LlmSettings settings, LlmCounters counters,
      java.util.List<dev.langchain4j.model.chat.listener.ChatModelListener> listeners, RetryAfter serverWait,
      java.util.function.LongConsumer sleeper) {
    this(openAi(settings, listeners, serverWait), settings.model(), settings.maxRetries(), settings.backoff(),
        settings::redact, counters, CallLimits.NONE, settings.timeout(), serverWait, sleeper);
  }

  private ChatCalls(ChatModel model, String modelName, int maxRetries, Duration backoff, UnaryOperator<String> redact,
      LlmCounters counters, CallLimits limits, Duration deadline, RetryAfter serverWait,
      java.util.function.LongConsumer sleeper) {
    if (model == null || modelName == null || modelName.isBlank() || counters == null || limits == null) {
      throw new IllegalArgumentException("chat calls need a model, its name, counters and limits");
    }
    if (maxRetries < 0 || backoff == null || backoff.isNegative()) {
      throw new IllegalArgumentException("retries must be >= 0 and backoff >= 0: " + maxRetries + ", " + Units.config(backoff));
    }
    this.model = model;
    this.modelName = modelName;
    this.maxRetries = maxRetries;
    this.backoff = backoff;
    this.redact = redact;
    this.counters = counters;
    this.limits = limits;
    this.inFlight = limits.inFlight();
    this.starts = limits.starts();
    this.deadline = deadline;
    this.serverWait = serverWait;
    this.sleeper = sleeper;
  }

  /**
   * Calls to a model of the user's own (its client, its timeout, its key), retried by this runtime's policy.
   *
   * @param modelName how records and counters name it
   */
  public static ChatCalls of(ChatModel model, String modelName, int maxRetries, Duration backoff, LlmCounters counters) {
    return new ChatCalls(model, modelName, maxRetries, backoff, UnaryOperator.identity(), counters, CallLimits.NONE,
        null, new RetryAfter(), ChatCalls::sleep);
  }

  /** These calls, bounded by {@code newLimits} (shared with every other ChatCalls limited by the same object). */
  public ChatCalls limited(CallLimits newLimits) {
    return new ChatCalls(model, modelName, maxRetries, backoff, redact, counters, newLimits, deadline, serverWait,
        sleeper);
  }

  private static ChatModel openAi(LlmSettings settings,
      java.util.List<dev.langchain4j.model.chat.listener.ChatModelListener> listeners, RetryAfter serverWait) {
    OpenAiChatModel.OpenAiChatModelBuilder builder = OpenAiChatModel.builder().baseUrl(settings.baseUrl())
        .httpClientBuilder(JdkHttpClient.builder().httpClientBuilder(RetryAfterHttpClient.builder(serverWait)))
        .listeners(java.util.List.copyOf(listeners))
        .apiKey(settings.apiKey().isBlank() ? "none" : settings.apiKey()).modelName(settings.model())
        .timeout(settings.timeout()).maxRetries(0); // retries are this class's, so that they are counted
    settings.temperature().ifPresent(builder::temperature);
    return builder.build();
  }

  public LlmCounters counters() {
    return counters;
  }

  public String modelName() {
    return modelName;
  }

  /** The model's provider as the OpenTelemetry GenAI conventions name it ({@code gen_ai.provider.name}). */
  public String provider() {
    return GenAi.provider(model.provider());
  }

  public CallLimits limits() {
    return limits;
  }

  /** {@code text} with any secret of this model's settings replaced: what may leave the process. */
  public String redact(String text) {
    return redact.apply(text);
  }

  public ChatResponse chat(ChatRequest request) {
    for (int attempt = 0; ; attempt++) {
      Attempt tried = attempt(request, attempt);
      if (tried.response() != null) {
        return tried.response();
      }
      long asked = serverWait.remaining().toNanos();
      if (deadline != null && asked > deadline.toNanos()) {
        counters.failures.increment();
        throw new LlmCallException("model call to " + modelName + " gave up: the server asks to retry after "
            + Units.config(Duration.ofNanos(asked)) + " (Retry-After), beyond the call's deadline of "
            + Units.config(deadline) + " (memloop.llm.timeout)", false);
      }
      counters.retried(tried.retryCause());
      sleeper.accept(Math.max(backoffNanos(attempt), asked));
    }
  }

  /** An attempt's outcome: the answer, or (response null) why a retry is due. */
  private record Attempt(ChatResponse response, String retryCause) {}

  /** One attempt, within the limits: the answer, or why a retry is due. */
  private Attempt attempt(ChatRequest request, int attempt) {
    if (starts != null) {
      try {
        RateLimiter.waitForPermission(starts); // a blocking executor's thread, by contract
      } catch (io.github.resilience4j.ratelimiter.RequestNotPermitted late) {
        counters.failures.increment();
        throw new LlmCallException("no model call permitted for " + modelName + " within " + limits.maxWait() + " at "
            + limits.callsPerSecond() + " calls/s", true);
      }
    }
    if (inFlight == null) {
      return call(request, attempt);
    }
    try {
      return inFlight.executeSupplier(() -> call(request, attempt));
    } catch (io.github.resilience4j.bulkhead.BulkheadFullException full) {
      counters.failures.increment();
      throw new LlmCallException("no model call slot for " + modelName + " within " + limits.maxWait() + " ("
          + limits.maxConcurrent() + " in flight)", true);
    }
  }

  private Attempt call(ChatRequest request, int attempt) {
    counters.calls.increment();
    long start = System.nanoTime();
    try {
      // the whole call under its deadline, body included (the HTTP client's own timeout stops at the headers)
      ChatResponse response = deadline == null ? model.chat(request)
          : Deadline.within(deadline, "model call to " + modelName, () -> model.chat(request));
      TokenUsage usage = response.tokenUsage();
      counters.answered(new LlmCounters.CallUsage(modelName,
          Tokens.input(usage), Tokens.output(usage), System.nanoTime() - start));
      return new Attempt(response, null);
    } catch (RuntimeException e) {
      if (timedOut(e)) {
        counters.timeouts.increment();
        counters.failures.increment();
        throw new LlmCallException("model call to " + modelName + " timed out", true);
      }
      String cause = retryCause(e);
      if (cause == null || attempt >= maxRetries) {
        counters.failures.increment();
        throw new LlmCallException("model call to " + modelName + " failed after " + (attempt + 1)
            + " attempt(s): " + e.getClass().getSimpleName() + ": " + redact.apply(String.valueOf(e.getMessage())),
            false);
      }
      return new Attempt(null, cause);
    }
  }

  /** Full jitter: uniform in [0, backoff * 2^attempt], capped at a minute. */
  long backoffNanos(int attempt) {
    long ceiling = Math.min(60_000_000_000L, backoff.toNanos() << Math.min(attempt, 20));
    return ceiling == 0 ? 0 : ThreadLocalRandom.current().nextLong(ceiling + 1);
  }

  /**
   * Why {@code e} is worth another attempt, or null: a 429, a 5xx, or the connection failing under the call (refused,
   * reset, or closed before any answer: a kept-alive connection the server had closed, which the JDK's client reports
   * as "header parser received no bytes"). A chat completion changes nothing on the server (its cost is tokens,
   * counted), so it is idempotent by its meaning and repeated even when the server may have read it (RFC 9110 9.2.2).
   * A timeout is not retried: the deadline is the whole call's.
   */
  static String retryCause(Throwable e) {
    if (e instanceof RateLimitException) {
      return "rate-limit";
    }
    if (e instanceof InternalServerException) {
      return "server-error";
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      // the JDK's client says a closed connection with a plain IOException; a subclass is something else (a
      // timeout, or Jackson's parse error of a malformed body, which a retry would only repeat)
      if (t instanceof java.net.SocketException || t instanceof java.io.EOFException
          || t instanceof java.nio.channels.ClosedChannelException || t.getClass() == java.io.IOException.class) {
        return "connection";
      }
    }
    return null;
  }

  private static boolean timedOut(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof TimeoutException || t instanceof Deadline.Exceeded || t instanceof HttpTimeoutException
          || t instanceof java.net.SocketTimeoutException) {
        return true;
      }
    }
    return false;
  }

  private static void sleep(long nanos) {
    try {
      java.util.concurrent.TimeUnit.NANOSECONDS.sleep(nanos); // a blocking executor's thread, by contract
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new LlmCallException("interrupted while backing off", false);
    }
  }
}
