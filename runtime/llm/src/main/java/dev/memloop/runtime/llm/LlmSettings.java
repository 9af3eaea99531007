package dev.memloop.runtime.llm;

import static dev.memloop.runtime.config.ConfigValues.duration;
import static dev.memloop.runtime.config.ConfigValues.value;
import static dev.memloop.runtime.config.ConfigValues.wholeNumber;

import com.typesafe.config.Config;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.config.MemloopKeys;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * How to reach a chat model: OpenAI or any OpenAI-compatible server (Ollama, vLLM, llama.cpp server). The key
 * comes only from the environment ({@code OPENAI_API_KEY}), never from a config file, and never appears in
 * {@link #toString()}, logs, exceptions or records.
 *
 * @param temperature empty for models that allow none (the GPT-5 family takes only its default)
 * @param maxRetries retries of a 429 or 5xx answer, with exponential backoff from {@code backoff} and jitter
 */
public record LlmSettings(String baseUrl, String model, OptionalDouble temperature, Duration timeout, int maxRetries,
    Duration backoff, String apiKey) {

  /** Where the settings are, in HOCON. */
  public static final String PATH = "memloop.llm";

  public static final String OPENAI = "https://api.openai.com/v1";

  public LlmSettings {
    if (baseUrl == null || !(baseUrl.startsWith("http://") || baseUrl.startsWith("https://"))) {
      throw new IllegalArgumentException("memloop.llm.base-url must be an http(s) URL: '" + baseUrl + "'");
    }
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("memloop.llm.model must not be blank: '" + model + "'");
    }
    if (temperature.isPresent() && !(temperature.getAsDouble() >= 0 && temperature.getAsDouble() <= 2)) {
      throw new IllegalArgumentException("memloop.llm.temperature must be in [0, 2]: " + temperature.getAsDouble());
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("memloop.llm.timeout must be > 0: " + Units.config(timeout));
    }
    if (maxRetries < 0 || maxRetries > 20) {
      throw new IllegalArgumentException("memloop.llm.max-retries must be in [0, 20]: " + maxRetries);
    }
    if (backoff == null || backoff.isNegative()) {
      throw new IllegalArgumentException("memloop.llm.backoff must be >= 0: " + Units.config(backoff));
    }
  }

  /** From {@code memloop.llm} and the environment: {@code OPENAI_BASE_URL} when the config gives no base URL. */
  public static LlmSettings from(Config config, Map<String, String> environment) {
    MemloopKeys.check(config);
    Config llm = config.getConfig(PATH);
    String base = value(llm, "base-url", PATH, () -> llm.getString("base-url"));
    if (base.isBlank()) {
      base = environment.getOrDefault("OPENAI_BASE_URL", "");
    }
    OptionalDouble temperature = value(llm, "temperature", PATH, () -> llm.getIsNull("temperature")
        ? OptionalDouble.empty() : OptionalDouble.of(llm.getDouble("temperature")));
    String model = value(llm, "model", PATH, () -> llm.getString("model"));
    Duration timeout = value(llm, "timeout", PATH, () -> duration(llm, "timeout"));
    int retries = value(llm, "max-retries", PATH, () -> wholeNumber(llm, "max-retries"));
    Duration backoff = value(llm, "backoff", PATH, () -> duration(llm, "backoff"));
    return new LlmSettings(base.isBlank() ? OPENAI : base, model, temperature, timeout, retries, backoff,
        environment.getOrDefault("OPENAI_API_KEY", ""));
  }


  /** A model is reachable when a key is set, or when the server is not OpenAI's (local servers need none). */
  public boolean configured() {
    return !apiKey.isBlank() || !baseUrl.equals(OPENAI);
  }

  public LlmSettings withModel(String name) {
    return new LlmSettings(baseUrl, name, temperature, timeout, maxRetries, backoff, apiKey);
  }

  /** {@code text} with the key and any password of the base URL replaced: what may leave this process. */
  public String redact(String text) {
    if (text == null) {
      return null;
    }
    String shown = text;
    String userInfo = java.net.URI.create(baseUrl).getRawUserInfo();
    if (userInfo != null) {
      shown = shown.replace(userInfo + "@", "***@");
    }
    if (apiKey.isBlank()) {
      return shown;
    }
    // a short key (a local server's "x") is redacted where it stands alone, so that other words keep their letters;
    // a key of eight characters or more wherever it appears
    return apiKey.length() >= 8 ? shown.replace(apiKey, "[redacted key]")
        : shown.replaceAll("(?<![A-Za-z0-9_-])" + java.util.regex.Pattern.quote(apiKey) + "(?![A-Za-z0-9_-])",
            "[redacted key]");
  }

  /** {@code url} as it may be shown: without the user and password some servers take in it. */
  public static String shown(String url) {
    java.net.URI uri = java.net.URI.create(url);
    return uri.getRawUserInfo() == null ? url : url.replace(uri.getRawUserInfo() + "@", "***@");
  }

  @Override
  public String toString() {
    return "LlmSettings[baseUrl=" + shown(baseUrl) + ", model=" + model + ", temperature=" + temperature + ", timeout="
        + timeout + ", maxRetries=" + maxRetries + ", backoff=" + backoff + ", apiKey=" + (apiKey.isBlank() ? "none"
        : "[redacted]") + "]";
  }
}
