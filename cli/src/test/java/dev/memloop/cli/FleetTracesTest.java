package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fleet --otlp-endpoint}: the turns' spans reach a collector over OTLP/HTTP (a stand-in collector on
 * 127.0.0.1 that accepts what a real one would: protobuf POSTs to /v1/traces), flushed before the command ends.
 */
class FleetTracesTest {

  @TempDir
  Path results;

  @Test
  void should_export_the_turns_spans_to_the_collector() throws Exception {
    List<String> requests = new CopyOnWriteArrayList<>();
    AtomicLong bytes = new AtomicLong();
    StringBuffer exported = new StringBuffer(); // the protobuf bodies as text: their strings are UTF-8 in the bytes
    HttpServer collector = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    collector.createContext("/v1/traces", exchange -> {
      byte[] body = exchange.getRequestBody().readAllBytes();
      requests.add(exchange.getRequestMethod() + " " + exchange.getRequestHeaders().getFirst("Content-Type"));
      bytes.addAndGet(body.length);
      exported.append(new String(body, java.nio.charset.StandardCharsets.ISO_8859_1));
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    collector.start();
    try {
      String endpoint = "http://127.0.0.1:" + collector.getAddress().getPort() + "/v1/traces";
      CliRun run = CliRun.of("fleet", "--agents", "5", "--warmup", "0", "--embedder", "hashing", "--otlp-endpoint",
          endpoint, "--no-progress", "--out", results.toString());
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(requests).isNotEmpty().allSatisfy(r -> assertThat(r).isEqualTo("POST application/x-protobuf"));
      // 5 agents x 4 turns x (1 turn + 12 steps + their children): several kilobytes of spans at the least
      assertThat(bytes.get()).isGreaterThan(5_000);
      assertThat(exported.toString()).as("the GenAI names, in the export").contains("gen_ai.operation.name")
          .contains("invoke_agent").contains("search_memory").contains("gen_ai.memory.store.id");
    } finally {
      collector.stop(0);
    }
  }
}
