package dev.memloop.bench.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The network embedding's price: given, measured against an OpenAI-compatible server on 127.0.0.1, or the paper's. */
class NetworkEmbedCostTest {

  static final String KEY = "sk-test-do-not-print";
  HttpServer server;
  final AtomicInteger calls = new AtomicInteger();
  volatile int status = 200;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/v1/embeddings", exchange -> {
      calls.incrementAndGet();
      exchange.getRequestBody().readAllBytes();
      StringBuilder vector = new StringBuilder();
      for (int i = 0; i < 256; i++) {
        vector.append(i == 0 ? "" : ",").append(0.01 * (i + 1));
      }
      String body = status == 200 ? "{\"object\":\"list\",\"data\":[{\"object\":\"embedding\",\"index\":0,\"embedding\":["
          + vector + "]}],\"model\":\"text-embedding-3-small\",\"usage\":{\"prompt_tokens\":4,\"total_tokens\":4}}"
          : "{\"error\":{\"message\":\"server down\",\"type\":\"server_error\"}}";
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(status, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  Map<String, String> environment() {
    return Map.of("OPENAI_API_KEY", KEY, "OPENAI_BASE_URL", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
  }

  @Test
  void should_measure_the_configured_endpoint() {
    NetworkEmbedCost cost = NetworkEmbedCost.resolve(null, environment(), 5);
    assertThat(calls.get()).isEqualTo(5);
    assertThat(cost.cost()).isPositive().isNotEqualTo(NetworkEmbedCost.PAPER);
    assertThat(cost.source()).startsWith("measured: p50 of 5 calls to text-embedding-3-small at http://127.0.0.1:")
        .doesNotContain(KEY);
  }

  @Test
  void should_send_the_key_only_to_the_endpoint_the_command_line_named() {
    // the key set, no OPENAI_BASE_URL, --llm-base-url at a local server: the probe goes there, never to OpenAI
    String local = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    NetworkEmbedCost cost = NetworkEmbedCost.resolve(null, Map.of("OPENAI_API_KEY", KEY), local, 4);
    assertThat(calls.get()).isEqualTo(4);
    assertThat(cost.source()).contains(local).doesNotContain("api.openai.com").doesNotContain(KEY);
    assertThat(NetworkEmbedCost.notNeeded().source()).contains("not probed");
  }

  @Test
  void should_prefer_a_given_figure_and_fall_back_to_the_paper_s() {
    assertThat(NetworkEmbedCost.resolve(Duration.ofMillis(300), environment(), 5).cost()).isEqualTo(Duration.ofMillis(300));
    assertThat(calls.get()).as("a given figure makes no call").isZero();
    NetworkEmbedCost none = NetworkEmbedCost.resolve(null, Map.of(), 5);
    assertThat(none.cost()).isEqualTo(NetworkEmbedCost.PAPER);
    assertThat(none.source()).contains("the paper's measured 202 ms");
  }

  @Test
  void should_fall_back_to_the_paper_s_figure_when_the_endpoint_fails_without_showing_the_key() {
    status = 500;
    NetworkEmbedCost cost = NetworkEmbedCost.resolve(null, environment(), 3);
    assertThat(cost.cost()).isEqualTo(NetworkEmbedCost.PAPER);
    assertThat(cost.source()).contains("failed").doesNotContain(KEY);
  }
}
