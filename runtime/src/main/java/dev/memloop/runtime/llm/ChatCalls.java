package dev.memloop.runtime.llm;

import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.output.TokenUsage;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Blocking chat calls to one model with this runtime's failure policy: a 429 or 5xx is retried up to
 * {@code maxRetries} times after exponential backoff with full jitter; a timeout ends the call at once; every
 * other error ends it too. Tokens, retries and failures go to the counters; failures leave as
 * {@link LlmCallException}, redacted. Call it from a blocking executor, never an actor's dispatcher.
 */
public final class ChatCalls {

  private final LlmSettings settings;
  private final ChatModel model;
  private final LlmCounters counters;

  public ChatCalls(LlmSettings settings, LlmCounters counters) {
    this.settings = settings;
    this.counters = counters;
    OpenAiChatModel.OpenAiChatModelBuilder builder = OpenAiChatModel.builder().baseUrl(settings.baseUrl())
        .apiKey(settings.apiKey().isBlank() ? "none" : settings.apiKey()).modelName(settings.model())
        .timeout(settings.timeout()).maxRetries(0); // retries are this class's, so that they are counted
    settings.temperature().ifPresent(builder::temperature);
    this.model = builder.build();
  }

  public LlmCounters counters() {
    return counters;
  }

  public ChatResponse chat(ChatRequest request) {
    for (int attempt = 0; ; attempt++) {
      counters.calls.increment();
      long start = System.nanoTime();
      try {
        ChatResponse response = model.chat(request);
        TokenUsage usage = response.tokenUsage();
        counters.answered(new LlmCounters.CallUsage(settings.model(),
            usage == null || usage.inputTokenCount() == null ? 0 : usage.inputTokenCount(),
            usage == null || usage.outputTokenCount() == null ? 0 : usage.outputTokenCount(), System.nanoTime() - start));
        return response;
      } catch (RuntimeException e) {
        if (timedOut(e)) {
          counters.timeouts.increment();
          counters.failures.increment();
          throw new LlmCallException("model call to " + settings.model() + " timed out after " + settings.timeout(), true);
        }
        if (!(e instanceof RateLimitException || e instanceof InternalServerException) || attempt >= settings.maxRetries()) {
          counters.failures.increment();
          throw new LlmCallException("model call to " + settings.model() + " failed after " + (attempt + 1)
              + " attempt(s): " + e.getClass().getSimpleName() + ": " + settings.redact(String.valueOf(e.getMessage())),
              false);
        }
        counters.retries.increment();
        sleep(backoffNanos(attempt));
      }
    }
  }

  /** Full jitter: uniform in [0, backoff * 2^attempt], capped at a minute. */
  long backoffNanos(int attempt) {
    long ceiling = Math.min(60_000_000_000L, settings.backoff().toNanos() << Math.min(attempt, 20));
    return ceiling == 0 ? 0 : ThreadLocalRandom.current().nextLong(ceiling + 1);
  }

  private static boolean timedOut(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof TimeoutException || t instanceof HttpTimeoutException
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
