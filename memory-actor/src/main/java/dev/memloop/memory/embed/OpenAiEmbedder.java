package dev.memloop.memory.embed;

import dev.langchain4j.model.openai.OpenAiEmbeddingModel;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.Deadline;
import dev.memloop.memory.timing.OpStats;
import dev.memloop.memory.timing.SampleReservoir;
import dev.memloop.memory.timing.Units;
import java.time.Duration;
import java.util.Map;

/**
 * Embeddings over the network from OpenAI or any OpenAI-compatible server, through langchain4j-open-ai: the
 * paper's bottleneck (200-400 ms a call), kept as the baseline the local embedders are measured against.
 * Every call's latency is recorded ({@link #latencies()}). The API key is never part of a message, a
 * {@code toString} or a log line.
 *
 * <p>Thread-safe.
 */
public final class OpenAiEmbedder implements Embedder {

  /**
   * Connection and model settings.
   *
   * @param dimensions the vector length to request (text-embedding-3 models shorten on request)
   */
  public record Settings(String apiKey, String baseUrl, String modelName, int dimensions, Duration timeout,
      int maxRetries) {

    public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
    public static final String DEFAULT_MODEL = "text-embedding-3-small";

    public Settings {
      if (apiKey == null || apiKey.isBlank()) {
        throw new IllegalArgumentException("an API key is required: set OPENAI_API_KEY");
      }
      if (baseUrl == null || !(baseUrl.startsWith("http://") || baseUrl.startsWith("https://"))) {
        throw new IllegalArgumentException("base URL must be an http(s) URL: " + baseUrl);
      }
      if (modelName == null || modelName.isBlank()) {
        throw new IllegalArgumentException("model name must not be blank: " + modelName);
      }
      if (dimensions <= 0) {
        throw new IllegalArgumentException("dimensions must be > 0: " + dimensions);
      }
      if (timeout == null || timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("timeout must be positive: " + Units.config(timeout));
      }
      if (maxRetries < 0) {
        throw new IllegalArgumentException("max retries must be >= 0: " + maxRetries);
      }
    }

    /** From {@code OPENAI_API_KEY} and {@code OPENAI_BASE_URL}; text-embedding-3-small at 1536 dimensions. */
    public static Settings fromEnvironment() {
      return fromEnvironment(System.getenv());
    }

    static Settings fromEnvironment(Map<String, String> environment) {
      String base = environment.getOrDefault("OPENAI_BASE_URL", "");
      return new Settings(environment.get("OPENAI_API_KEY"), base.isBlank() ? DEFAULT_BASE_URL : base,
          DEFAULT_MODEL, 1536, Duration.ofSeconds(30), 2);
    }

    public Settings withModel(String name, int dims) {
      return new Settings(apiKey, baseUrl, name, dims, timeout, maxRetries);
    }

    public Settings withBaseUrl(String url) {
      return new Settings(apiKey, url, modelName, dimensions, timeout, maxRetries);
    }

    public Settings withTimeout(Duration value, int retries) {
      return new Settings(apiKey, baseUrl, modelName, dimensions, value, retries);
    }

    @Override
    public String toString() { // the key stays out of logs and messages
      return "Settings[baseUrl=" + baseUrl + ", model=" + modelName + ", dimensions=" + dimensions + ", timeout="
          + timeout + ", maxRetries=" + maxRetries + ", apiKey=***]";
    }
  }

  private final Settings settings;
  private final OpenAiEmbeddingModel model;
  private final SampleReservoir latencies = new SampleReservoir();

  OpenAiEmbedder(Settings settings) {
    this.settings = settings;
    this.model = OpenAiEmbeddingModel.builder()
        .apiKey(settings.apiKey())
        .baseUrl(settings.baseUrl())
        .modelName(settings.modelName())
        .dimensions(settings.dimensions())
        .timeout(settings.timeout())
        .maxRetries(settings.maxRetries())
        .build();
  }

  @Override
  public float[] embed(String text) {
    if (text == null) {
      throw new IllegalArgumentException("text must not be null");
    }
    long start = System.nanoTime();
    float[] vector;
    try {
      // the whole request bounded by the timeout, body included: the client's own timeout stops at the headers
      vector = Deadline.within(settings.timeout(), "embedding request to " + settings.baseUrl(),
          () -> model.embed(text).content().vector().clone());
    } catch (RuntimeException e) {
      throw new IllegalStateException("embedding request to " + settings.baseUrl() + " (" + settings.modelName()
          + ") failed: " + redacted(e.getMessage()), e);
    } finally {
      synchronized (latencies) {
        latencies.record(System.nanoTime() - start);
      }
    }
    if (vector.length != settings.dimensions()) {
      throw new IllegalStateException(settings.modelName() + " returned " + vector.length + " dimensions, "
          + settings.dimensions() + " were requested");
    }
    return vector;
  }

  @Override
  public int dimension() {
    return settings.dimensions();
  }

  @Override
  public String name() {
    return "openai-" + settings.modelName();
  }

  /** Latency of every call so far, successful or not. */
  public OpStats latencies() {
    synchronized (latencies) {
      return latencies.stats();
    }
  }

  private String redacted(String message) {
    return message == null ? "(no message)" : message.replace(settings.apiKey(), "***");
  }

  @Override
  public String toString() {
    return "OpenAiEmbedder[" + settings + "]";
  }
}
