package dev.memloop.memory.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The real langchain4j OpenAI client against a local OpenAI-compatible HTTP server on 127.0.0.1. */
class OpenAiEmbedderTest {

  private static final String KEY = "sk-test-SECRET-0123456789";
  private static final ObjectMapper JSON = new ObjectMapper();

  private HttpServer server;
  private final AtomicReference<JsonNode> lastRequest = new AtomicReference<>();
  private final AtomicReference<String> lastAuthorization = new AtomicReference<>();
  private volatile int status = 200;
  /** Holds the stalling server's second half until the test is over. */
  private final java.util.concurrent.CountDownLatch stalled = new java.util.concurrent.CountDownLatch(1);

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/v1/embeddings", exchange -> {
      JsonNode request = JSON.readTree(exchange.getRequestBody());
      lastRequest.set(request);
      lastAuthorization.set(exchange.getRequestHeaders().getFirst("Authorization"));
      int dims = request.path("dimensions").asInt(3);
      StringBuilder vector = new StringBuilder();
      for (int i = 0; i < dims; i++) {
        vector.append(i == 0 ? "" : ",").append(0.5 + i);
      }
      String body = status == 200
          ? "{\"object\":\"list\",\"data\":[{\"object\":\"embedding\",\"index\":0,\"embedding\":[" + vector
              + "]}],\"model\":\"text-embedding-3-small\",\"usage\":{\"prompt_tokens\":4,\"total_tokens\":4}}"
          : "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY + "\",\"type\":\"invalid_request_error\"}}";
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(status, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
    // the headers and half a body, then nothing until the test ends: a server that trickles
    server.createContext("/slow/v1/embeddings", exchange -> {
      exchange.getRequestBody().readAllBytes();
      byte[] bytes = ("{\"object\":\"list\",\"data\":[{\"object\":\"embedding\",\"index\":0,\"embedding\":"
          + "[0.5,1.5,2.5,3.5]}],\"model\":\"m\",\"usage\":{\"prompt_tokens\":4,\"total_tokens\":4}}")
          .getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes, 0, bytes.length / 2);
      exchange.getResponseBody().flush();
      try {
        stalled.await(1, java.util.concurrent.TimeUnit.MINUTES);
        exchange.getResponseBody().write(bytes, bytes.length / 2, bytes.length - bytes.length / 2);
      } catch (InterruptedException | IOException gone) {
        // the client gave up
      }
      exchange.close();
    });
    server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool(runnable -> {
      Thread thread = new Thread(runnable, "embedding-test-server");
      thread.setDaemon(true);
      return thread;
    }));
    server.start();
  }

  @AfterEach
  void stop() {
    stalled.countDown();
    server.stop(0);
  }

  private OpenAiEmbedder.Settings settings(int dims) {
    return OpenAiEmbedder.Settings.fromEnvironment(Map.of("OPENAI_API_KEY", KEY,
        "OPENAI_BASE_URL", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1"))
        .withModel("text-embedding-3-small", dims).withTimeout(Duration.ofSeconds(5), 0);
  }

  @Test
  void should_end_a_request_whose_body_stalls_at_the_timeout() {
    OpenAiEmbedder.Settings slow = OpenAiEmbedder.Settings.fromEnvironment(Map.of("OPENAI_API_KEY", KEY,
        "OPENAI_BASE_URL", "http://127.0.0.1:" + server.getAddress().getPort() + "/slow/v1"))
        .withModel("text-embedding-3-small", 4).withTimeout(Duration.ofMillis(300), 0);
    OpenAiEmbedder embedder = Embedders.openAi(slow);
    assertThatThrownBy(() -> embedder.embed("investigate host=web-03")).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no whole answer within 300ms").hasMessageNotContaining(KEY);
  }

  @Test
  void should_request_embeddings_and_record_latency() {
    OpenAiEmbedder embedder = Embedders.openAi(settings(4));
    assertThat(embedder.embed("investigate host=web-03")).containsExactly(0.5f, 1.5f, 2.5f, 3.5f);
    assertThat(lastRequest.get().path("model").asText()).isEqualTo("text-embedding-3-small");
    assertThat(lastRequest.get().path("dimensions").asInt()).isEqualTo(4);
    assertThat(lastRequest.get().path("input").toString()).contains("investigate host=web-03");
    assertThat(lastAuthorization.get()).isEqualTo("Bearer " + KEY);
    assertThat(embedder.latencies().count()).isEqualTo(1);
    assertThat(embedder.dimension()).isEqualTo(4);
    assertThat(embedder.name()).isEqualTo("openai-text-embedding-3-small");
  }

  @Test
  void should_keep_the_key_out_of_errors_and_descriptions() {
    status = 401;
    OpenAiEmbedder embedder = Embedders.openAi(settings(4));
    assertThatThrownBy(() -> embedder.embed("hello")).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("127.0.0.1").satisfies(e -> assertThat(e.getMessage()).doesNotContain(KEY));
    assertThat(embedder.toString()).doesNotContain(KEY).contains("***");
    assertThat(settings(4).toString()).doesNotContain(KEY);
    assertThat(embedder.latencies().count()).isEqualTo(1);
  }

  @Test
  void should_name_bad_settings() {
    assertThatThrownBy(() -> OpenAiEmbedder.Settings.fromEnvironment(Map.of()))
        .hasMessage("an API key is required: set OPENAI_API_KEY");
    assertThatThrownBy(() -> settings(4).withBaseUrl("ftp://x")).hasMessage("base URL must be an http(s) URL: ftp://x");
    assertThatThrownBy(() -> settings(4).withModel(" ", 4)).hasMessage("model name must not be blank:  ");
    assertThatThrownBy(() -> settings(4).withModel("m", 0)).hasMessage("dimensions must be > 0: 0");
    assertThatThrownBy(() -> settings(4).withTimeout(Duration.ZERO, 1)).hasMessage("timeout must be positive: 0s");
    assertThatThrownBy(() -> settings(4).withTimeout(Duration.ofSeconds(1), -1)).hasMessage("max retries must be >= 0: -1");
  }
}
