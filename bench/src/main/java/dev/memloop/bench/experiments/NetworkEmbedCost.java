package dev.memloop.bench.experiments;

import dev.memloop.memory.embed.Embedders;
import dev.memloop.memory.embed.OpenAiEmbedder;
import dev.memloop.memory.timing.NearestRank;
import java.time.Duration;
import java.util.Map;

/**
 * What one network embedding costs, for pricing the network stacks: a figure given on the command line wins;
 * else, when {@code OPENAI_API_KEY}, {@code OPENAI_BASE_URL} or {@code --llm-base-url} is set, the p50 of real calls
 * to the endpoint the user named ({@code --llm-base-url} first, then {@code OPENAI_BASE_URL}; OpenAI's only when
 * neither is set; an OpenAI-compatible server needs no key); else the paper's measured 202 ms, labelled as the
 * paper's. The key goes to that one endpoint and nowhere else.
 */
public record NetworkEmbedCost(Duration cost, String source) {

  public static final Duration PAPER = Duration.ofMillis(202);

  /** No experiment of the run prices a network embedding: nothing is probed. */
  public static NetworkEmbedCost notNeeded() {
    return new NetworkEmbedCost(PAPER, "not probed: no experiment run prices a network embedding");
  }

  /** As {@link #resolve(Duration, Map, String, int)} without {@code --llm-base-url}. */
  public static NetworkEmbedCost resolve(Duration given, Map<String, String> environment, int calls) {
    return resolve(given, environment, null, calls);
  }

  /**
   * @param given the command line's figure, or null
   * @param baseUrlFlag {@code --llm-base-url}, or null: the endpoint the user named on the command line
   */
  public static NetworkEmbedCost resolve(Duration given, Map<String, String> environment, String baseUrlFlag,
      int calls) {
    if (given != null) {
      return new NetworkEmbedCost(given, "given on the command line: " + given.toMillis() + " ms");
    }
    String key = environment.getOrDefault("OPENAI_API_KEY", "");
    String base = baseUrlFlag != null ? baseUrlFlag : environment.getOrDefault("OPENAI_BASE_URL", "");
    if (key.isBlank() && base.isBlank()) {
      return new NetworkEmbedCost(PAPER, "the paper's measured 202 ms (no network embedder configured here)");
    }
    OpenAiEmbedder.Settings settings = new OpenAiEmbedder.Settings(key.isBlank() ? "none" : key,
        base.isBlank() ? OpenAiEmbedder.Settings.DEFAULT_BASE_URL : base, OpenAiEmbedder.Settings.DEFAULT_MODEL, 256,
        Duration.ofSeconds(30), 0);
    try {
      OpenAiEmbedder embedder = Embedders.openAi(settings);
      long[] times = new long[calls];
      for (int i = 0; i < calls; i++) {
        long start = System.nanoTime();
        embedder.embed("investigate host=web-" + i + " sig=ssh-bruteforce");
        times[i] = System.nanoTime() - start;
      }
      return new NetworkEmbedCost(Duration.ofNanos(NearestRank.of(times, 0.50)), "measured: p50 of " + calls
          + " calls to " + settings.modelName() + " at " + settings.baseUrl());
    } catch (RuntimeException e) {
      // the key never reaches the message: the embedder's own errors are redacted, and only the class is named here
      return new NetworkEmbedCost(PAPER, "the paper's measured 202 ms (the configured endpoint " + settings.baseUrl()
          + " failed: " + e.getClass().getSimpleName() + ")");
    }
  }
}
