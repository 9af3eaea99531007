package dev.memloop.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.runtime.cluster.NodeMetrics;
import dev.memloop.runtime.metrics.TurnMetrics;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.TurnResult;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The served endpoints over real HTTP on 127.0.0.1, and the addresses refused before anything binds. */
class MetricsServerTest {

  static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  static final ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "serve-test");

  @AfterAll
  static void shutdown() throws Exception {
    system.terminate();
    system.getWhenTerminated().toCompletableFuture().get(1, java.util.concurrent.TimeUnit.MINUTES);
  }

  @Test
  void should_serve_metrics_in_the_prometheus_format_the_page_and_its_live_events() throws Exception {
    try (MeterRegistries.Served served = MeterRegistries.prometheus()) {
      TurnMetrics group = new TurnMetrics(served.registry(), "triage", MemoryPolicyKind.PER_STEP);
      NodeMetrics node = new NodeMetrics(served.registry(), "node-1", MemoryPolicyKind.PER_STEP);
      node.started(true);
      group.record(new TurnResult("a-1", 0, List.of(), 1_000_000, 0, false, null, 0, 0, 0));
      try (MetricsServer server = MetricsServer.start(ServeAddress.parse("127.0.0.1:0", "--serve", false), "--serve",
          served.registry(), new LiveView(served.registry(), "a test fleet"), system)) {
        assertThat(server.port()).isPositive();
        String metrics = get(server, "metrics").body();
        assertThat(metrics).contains("# TYPE memloop_turns_total counter")
            .contains("memloop_turns_total{group=\"triage\",policy=\"per-step\"} 1.0")
            .contains("memloop_budget_granted_seconds_total{group=\"triage\",policy=\"per-step\"} 0.001")
            .contains("memloop_agents_hosted 1.0").contains("memloop_handoffs_total 1.0")
            .contains("memloop_memory_operation_seconds_bucket{").contains("jvm_gc_");

        group.record(new TurnResult("a-1", 1, List.of(), 1_000_000, 0, false, null, 0, 0, 0));
        assertThat(get(server, "metrics").body()).as("a counter that grows, scrape by scrape")
            .contains("memloop_turns_total{group=\"triage\",policy=\"per-step\"} 2.0");

        HttpResponse<String> page = get(server, "");
        assertThat(page.headers().firstValue("content-type")).get().asString().startsWith("text/html");
        assertThat(page.body()).contains("<script src=\"live.js\">").doesNotContain("http://").doesNotContain("https://");
        assertThat(get(server, "live.js").body()).contains("new EventSource(\"live\")");
        assertThat(get(server, "uPlot.iife.min.js").body()).as("the charts ship in the jar").contains("uPlot");
        assertThat(get(server, "uPlot.min.css").statusCode()).isEqualTo(200);
        assertThat(get(server, "nothing-here").statusCode()).isEqualTo(404);

        HttpResponse<Stream<String>> live = HTTP.send(HttpRequest.newBuilder(URI.create(server.url() + "live"))
            .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofLines());
        assertThat(live.headers().firstValue("content-type")).get().asString().startsWith("text/event-stream");
        try (Stream<String> lines = live.body()) {
          Optional<String> first = lines.filter(l -> l.startsWith("data:")).findFirst();
          assertThat(first).get().asString().contains("\"title\":\"a test fleet\"").contains("\"group\":\"triage\"")
              .contains("\"turns\":2.0").contains("\"agentsHosted\":1.0").contains("\"handoffs\":1.0");
        }
      }
    }
  }

  /** With tokens: none, a wrong one or one without memory:read is 401 (a Basic challenge); bearer or basic passes. */
  @Test
  void should_answer_only_a_listed_token_with_memory_read(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("tokens"),
        dev.memloop.auth.BearerTokens.hash("watcher-token") + " prometheus memory:read\n"
        + dev.memloop.auth.BearerTokens.hash("writer-token") + " writer memory:write\n");
    try (MeterRegistries.Served served = MeterRegistries.prometheus();
        MetricsServer server = MetricsServer.start(ServeAddress.parse("127.0.0.1:0", "--serve", false), "--serve",
            served.registry(), new LiveView(served.registry(), "a guarded fleet"),
            dev.memloop.auth.BearerTokens.read(file), system)) {
      HttpResponse<String> anonymous = get(server, "metrics", null);
      assertThat(anonymous.statusCode()).isEqualTo(401);
      assertThat(anonymous.headers().firstValue("WWW-Authenticate")).hasValue("Basic realm=\"memloop\", "
          + "charset=\"UTF-8\"");
      assertThat(anonymous.body()).doesNotContain("jvm_");
      assertThat(get(server, "", null).statusCode()).as("the page too").isEqualTo(401);
      assertThat(get(server, "metrics", "Bearer wrong-token").statusCode()).isEqualTo(401);
      assertThat(get(server, "metrics", "Bearer writer-token").statusCode()).as("no memory:read").isEqualTo(401);
      HttpResponse<String> bearer = get(server, "metrics", "Bearer watcher-token");
      assertThat(bearer.statusCode()).isEqualTo(200);
      assertThat(bearer.body()).contains("jvm_");
      String basic = "Basic " + java.util.Base64.getEncoder().encodeToString("me:watcher-token".getBytes(
          java.nio.charset.StandardCharsets.UTF_8));
      assertThat(get(server, "", basic).statusCode()).as("a browser's sign-in").isEqualTo(200);
    }
    assertThat(MetricsServer.token("Basic !!!")).isNull();
    assertThat(MetricsServer.token("Digest abc")).isNull();
  }

  @Test
  void should_refuse_a_port_in_use_in_one_line() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
         MeterRegistries.Served served = MeterRegistries.prometheus()) {
      String address = "127.0.0.1:" + taken.getLocalPort();
      assertThatThrownBy(() -> MetricsServer.start(ServeAddress.parse(address, "--serve", false), "--serve",
          served.registry(), new LiveView(served.registry(), "t"), system))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("--serve " + address + ": cannot bind (the port is in use; choose another, or 0 for any free one)");
    }
  }

  @Test
  void should_refuse_addresses_naming_the_flag_and_the_value() {
    assertThatThrownBy(() -> ServeAddress.parse("9464", "--serve", false))
        .hasMessage("--serve 9464: expected HOST:PORT, as in 127.0.0.1:9464");
    assertThatThrownBy(() -> ServeAddress.parse("127.0.0.1:", "--serve", false))
        .hasMessage("--serve 127.0.0.1:: expected HOST:PORT, as in 127.0.0.1:9464");
    assertThatThrownBy(() -> ServeAddress.parse("127.0.0.1:http", "--serve", false))
        .hasMessage("--serve 127.0.0.1:http: the port must be a number in [0, 65535]");
    assertThatThrownBy(() -> ServeAddress.parse("127.0.0.1:70000", "--serve", false))
        .hasMessage("--serve 127.0.0.1:70000: the port must be in [0, 65535]");
    assertThatThrownBy(() -> ServeAddress.parse("no_such host:1", "--serve", false))
        .hasMessageContaining("is not a host name or an IP address");
    assertThatThrownBy(() -> ServeAddress.parse("no-such-host.invalid:9464", "--serve", false))
        .hasMessage("--serve no-such-host.invalid:9464: host 'no-such-host.invalid' does not resolve");
    assertThatThrownBy(() -> ServeAddress.parse("0.0.0.0:9464", "--serve", false))
        .hasMessage("--serve 0.0.0.0:9464: 0.0.0.0 is not a loopback address; to serve the network add "
            + "--serve-public");
    assertThat(ServeAddress.parse("0.0.0.0:9464", "--serve", true).port()).isEqualTo(9464);
    assertThat(ServeAddress.parse("[::1]:0", "--serve", false).url(9)).isEqualTo("http://[::1]:9/");
    assertThat(ServeAddress.parse("localhost:0", "--serve", false).host()).isEqualTo("localhost");
  }

  private static HttpResponse<String> get(MetricsServer server, String path) throws Exception {
    return get(server, path, null);
  }

  private static HttpResponse<String> get(MetricsServer server, String path, String authorization) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.url() + path))
        .timeout(Duration.ofSeconds(10));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
