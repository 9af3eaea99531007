package dev.memloop.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The stdio server as a careful client and a hostile one see it: every malformed line answered with JSON-RPC's error
 * and the server reading on; a thousand requests in flight all answered once, then the end of input, then the exit.
 */
class StdioTransportTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
      + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}";
  static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  /** A server on pipes: what the client writes, and every line it answered, once its input closed. */
  static final class Served {
    final OutputStream client;
    final CompletableFuture<Integer> unanswered = new CompletableFuture<>();
    final List<JsonNode> replies = java.util.Collections.synchronizedList(new ArrayList<>());
    final Thread reader;

    Served(WorkingMemory memory) throws Exception {
      PipedInputStream serverIn = new PipedInputStream(1 << 20);
      client = new PipedOutputStream(serverIn);
      PipedInputStream clientIn = new PipedInputStream(1 << 20);
      PipedOutputStream serverOut = new PipedOutputStream(clientIn);
      Thread server = new Thread(() -> {
        try {
          unanswered.complete(MemoryMcpServer.builder(memory, "notes").serveStdio(serverIn, serverOut));
          serverOut.close();
        } catch (Exception e) {
          unanswered.completeExceptionally(e);
        }
      });
      server.setDaemon(true);
      server.start();
      reader = new Thread(() -> {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(clientIn, StandardCharsets.UTF_8))) {
          for (String line; (line = lines.readLine()) != null;) {
            replies.add(JSON.readTree(line));
          }
        } catch (Exception ignored) {
          // the pipe closes with the server
        }
      });
      reader.setDaemon(true);
      reader.start();
    }

    void send(String line) throws Exception {
      client.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      client.flush();
    }

    int close() throws Exception {
      client.close();
      int left = unanswered.get(60, TimeUnit.SECONDS);
      reader.join(TimeUnit.SECONDS.toMillis(30));
      return left;
    }

    JsonNode replyTo(Object id) {
      synchronized (replies) {
        return replies.stream().filter(r -> r.has("id") && r.get("id").asText().equals(String.valueOf(id)))
            .findFirst().orElse(null);
      }
    }
  }

  @Test
  void should_answer_each_malformed_line_with_json_rpc_s_error_and_go_on_reading() throws Exception {
    try (WorkingMemory memory = WorkingMemory.builder(new HashingEmbedder(32)).threadSafe().build()) {
      Served served = new Served(memory);
      served.send(INITIALIZE);
      served.send(INITIALIZED);
      served.send("{\"jsonrpc\":\"2.0\",\"id\":902}");
      served.send("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/list\"}");
      served.send("{\"id\":905,\"method\":\"tools/list\"}");
      served.send("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"tools/list\"}");
      served.send("{\"jsonrpc\":\"1.0\",\"id\":907,\"method\":\"tools/list\"}");
      served.send("{\"jsonrpc\":\"2.0\",\"id\":908,\"method\":\"tools/call\",\"params\":[1]}");
      served.send("[1, 2, 3]");
      served.send("this is not JSON");
      served.send("{\"jsonrpc\":\"2.0\",\"id\":\"last\",\"method\":\"tools/list\"}");
      assertThat(served.close()).as("every request answered before the exit").isZero();
      Map<String, Integer> codes = new HashMap<>();
      List<JsonNode> nullIdErrors = new ArrayList<>();
      for (JsonNode reply : served.replies) {
        if (reply.has("error")) {
          if (reply.get("id").isNull()) {
            nullIdErrors.add(reply);
          } else {
            codes.put(reply.get("id").asText(), reply.get("error").get("code").asInt());
          }
        }
      }
      assertThat(codes).containsEntry("902", -32600).containsEntry("905", -32600).containsEntry("907", -32600)
          .containsEntry("908", -32602);
      assertThat(nullIdErrors).as("null id, object id, an array, not JSON").hasSize(4)
          .extracting(e -> e.get("error").get("code").asInt()).containsExactlyInAnyOrder(-32600, -32600, -32600,
              -32700);
      assertThat(served.replyTo("last").get("result").get("tools")).as("still serving after them").isNotEmpty();
    }
  }

  @Test
  void should_answer_a_thousand_requests_in_flight_once_each_and_exit_after_the_last() throws Exception {
    try (WorkingMemory memory = WorkingMemory.builder(new HashingEmbedder(32)).threadSafe().build()) {
      memory.add("the refund of order-42 was sent");
      Served served = new Served(memory);
      served.send(INITIALIZE);
      served.send(INITIALIZED);
      for (int i = 1; i <= 1_000; i++) {
        served.send("{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"tools/call\",\"params\":{\"name\":"
            + "\"recall\",\"arguments\":{\"query\":\"refund " + i + "\",\"k\":1}}}");
      }
      assertThat(served.close()).isZero();
      Map<Integer, Integer> answers = new HashMap<>();
      for (JsonNode reply : served.replies) {
        if (reply.has("id") && reply.get("id").isInt() && reply.get("id").asInt() > 0) {
          answers.merge(reply.get("id").asInt(), 1, Integer::sum);
          assertThat(reply.has("result")).as("reply %s", reply).isTrue();
        }
      }
      assertThat(answers).hasSize(1_000).allSatisfy((id, count) -> assertThat(count).as("id %d", id).isOne());
    }
  }
}
