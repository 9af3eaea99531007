package dev.memloop.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Streamable HTTP as a hostile peer sees it: malformed bodies answered with JSON-RPC errors (never a Java exception
 * with its stack trace, never a container's page), oversized ones refused, sessions bounded.
 */
class HttpMcpServerFaultsTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
      + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  final HttpClient http = HttpClient.newHttpClient();
  /** The sessions' clock, moved by hand. */
  final java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong();
  WorkingMemory memory;
  HttpMcpServer server;

  @BeforeEach
  void start() {
    memory = WorkingMemory.builder(new HashingEmbedder(32)).threadSafe().build();
    server = HttpMcpServer.start(MemoryMcpServer.builder(memory, "notes"), "127.0.0.1", 0, null, 3, now::get);
  }

  @AfterEach
  void stop() {
    server.close();
    memory.close();
  }

  HttpResponse<String> post(String body, String session) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.url())).timeout(Duration.ofSeconds(20))
        .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      request.header(JsonRpcHttpFilter.SESSION_HEADER, session);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void should_answer_malformed_bodies_with_json_rpc_errors_and_no_stack_trace() throws Exception {
    String[][] cases = {
        {"not json", "-32700"},
        {"{\"jsonrpc\":\"2.0\",\"id\":902}", "-32600"},
        {"{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"tools/list\"}", "-32600"},
        {"{\"id\":905,\"method\":\"tools/list\"}", "-32600"},
        {"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":[1]}", "-32602"},
        {"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/list\"}", null}, // valid, but no session: the SDK's 400
    };
    for (String[] c : cases) {
      HttpResponse<String> response = post(c[0], null);
      assertThat(response.statusCode()).as(c[0]).isBetween(400, 499);
      assertThat(response.body()).as(c[0]).doesNotContain("stackTrace").doesNotContain("\tat ")
          .doesNotContain("Tomcat");
      JsonNode error = JSON.readTree(response.body());
      assertThat(error.get("jsonrpc").asText()).isEqualTo("2.0");
      assertThat(error.has("id")).isTrue();
      assertThat(error.get("error").get("message").asText()).as(c[0]).isNotBlank();
      if (c[1] != null) {
        assertThat(error.get("error").get("code").asText()).as(c[0]).isEqualTo(c[1]);
      }
    }
    HttpResponse<String> huge = post("{\"x\":\"" + "a".repeat(JsonRpcHttpFilter.MAX_BODY) + "\"}", null);
    assertThat(huge.statusCode()).isEqualTo(413);
    assertThat(JSON.readTree(huge.body()).get("error").get("message").asText()).contains("a body of more than");
  }

  @Test
  void should_refuse_an_initialize_past_its_most_sessions_and_serve_those_it_holds() throws Exception {
    String first = null;
    for (int i = 0; i < 3; i++) {
      HttpResponse<String> opened = post(INITIALIZE, null);
      assertThat(opened.statusCode()).isEqualTo(200);
      String session = opened.headers().firstValue(JsonRpcHttpFilter.SESSION_HEADER).orElseThrow();
      first = first == null ? session : first;
    }
    HttpResponse<String> fourth = post(INITIALIZE, null);
    assertThat(fourth.statusCode()).isEqualTo(503);
    assertThat(JSON.readTree(fourth.body()).get("error").get("message").asText())
        .isEqualTo("the server holds 3 sessions, its most: try again once one closes");
    HttpResponse<String> closed = http.send(HttpRequest.newBuilder(URI.create(server.url()))
        .header(JsonRpcHttpFilter.SESSION_HEADER, first).DELETE().build(), HttpResponse.BodyHandlers.ofString());
    assertThat(closed.statusCode()).isLessThan(300);
    assertThat(post(INITIALIZE, null).statusCode()).as("room again once one closed").isEqualTo(200);
  }

  @Test
  void should_count_a_session_unused_past_its_idle_time_as_gone() throws Exception {
    for (int i = 0; i < 3; i++) {
      assertThat(post(INITIALIZE, null).statusCode()).isEqualTo(200);
    }
    assertThat(post(INITIALIZE, null).statusCode()).isEqualTo(503);
    now.addAndGet(HttpMcpServer.SESSION_IDLE.toNanos()); // within twice the SDK's sweep: maybe still open
    assertThat(post(INITIALIZE, null).statusCode()).isEqualTo(503);
    now.addAndGet(HttpMcpServer.SESSION_IDLE.toNanos() + 1); // past it: the sweeper has closed them
    assertThat(post(INITIALIZE, null).statusCode()).as("room once the quiet ones expired").isEqualTo(200);
  }

  @Test
  void should_leave_no_work_directory_once_closed() {
    java.nio.file.Path work = server.baseDir();
    assertThat(work).isDirectory();
    server.close();
    assertThat(work).doesNotExist();
  }
}
