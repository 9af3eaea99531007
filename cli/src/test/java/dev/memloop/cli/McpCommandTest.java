package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code memloop mcp} as an MCP client meets it: a process of its own, spoken to over standard input and output by
 * the official MCP Java SDK's client. A note stored through it is found again by a paraphrase (the default, semantic
 * embedder), and a bad argument is a tool error naming it while the server keeps serving.
 */
class McpCommandTest {

  /** {@code memloop mcp} with {@code args}, in a JVM of its own: this JVM's java, options and class path. */
  static List<String> mcpCommand(String... args) {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.memloop.cli.Main", "mcp"));
    command.addAll(List.of(args));
    return command;
  }

  static McpSyncClient client(String memory) {
    return stdioClient(mcpCommand("--memory", memory));
  }

  static String text(CallToolResult result) {
    return ((TextContent) result.content().get(0)).text();
  }

  @Test
  void should_store_a_note_and_find_it_again_by_a_paraphrase_over_stdio() {
    McpSyncClient client = client("notes");
    try {
      assertThat(client.listTools().tools()).extracting(Tool::name)
          .containsExactlyInAnyOrder("remember", "recall", "match", "forget", "history");
      for (String note : List.of("the customer in Lisbon wants a vegetarian hotel near the train station",
          "invoice 42 was paid twice by mistake and must be refunded",
          "the staging database runs out of disk space every friday night")) {
        CallToolResult saved = client.callTool(new CallToolRequest("remember", Map.of("text", note)));
        assertThat(saved.isError()).as(text(saved)).isFalse();
        assertThat(text(saved)).startsWith("saved as ");
      }
      CallToolResult found = client.callTool(new CallToolRequest("recall",
          Map.of("query", "what sort of hotel does our client in Lisbon need?", "k", 1)));
      assertThat(found.isError()).isFalse();
      assertThat(text(found)).contains("vegetarian hotel near the train station").contains("note");
      assertThat(found.structuredContent()).asString().contains("similarity");

      CallToolResult bad = client.callTool(new CallToolRequest("recall", Map.of("query", "hotel", "k", 1000)));
      assertThat(bad.isError()).isTrue();
      assertThat(text(bad)).isEqualTo("error: recall: \"k\" must be a whole number in [1, 64], not 1000");
      CallToolResult missing = client.callTool(new CallToolRequest("remember", Map.of("note", "wrong field")));
      assertThat(missing.isError()).isTrue(); // the SDK checks the schema first, and names the property
      assertThat(text(missing)).contains("required property 'text' not found");
      CallToolResult blank = client.callTool(new CallToolRequest("remember", Map.of("text", " ")));
      assertThat(text(blank)).isEqualTo("error: remember needs a non-blank \"text\" (text), not  ");
      CallToolResult kind = client.callTool(new CallToolRequest("remember", Map.of("text", "x y", "kind", "shout")));
      assertThat(text(kind)).contains("\"kind\"").contains("'shout'");

      CallToolResult still = client.callTool(new CallToolRequest("match",
          Map.of("text", "invoice 42 was paid twice by mistake and must be refunded", "threshold", 0.99)));
      assertThat(text(still)).as("the server kept serving, unchanged by the refusals").startsWith("yes: ");
    } finally {
      client.closeGracefully();
    }
  }

  static McpSyncClient httpClient(String base, String name) {
    McpSyncClient client = McpClient.sync(io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport
            .builder(base).endpoint("/mcp").connectTimeout(Duration.ofSeconds(10)).build())
        .clientInfo(new io.modelcontextprotocol.spec.McpSchema.Implementation(name, "1"))
        .requestTimeout(Duration.ofSeconds(60)).build();
    client.initialize();
    return client;
  }

  @Test
  void should_serve_a_memory_and_a_board_to_two_clients_over_streamable_http_and_time_every_call() throws Exception {
    Process process = new ProcessBuilder(mcpCommand("--memory", "web", "--board", "desk", "--http", "127.0.0.1:0"))
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(),
          java.nio.charset.StandardCharsets.UTF_8));
      String line = out.readLine(); // the command's one line: where it serves
      assertThat(line).as("the first line the command printed").isNotNull()
          .startsWith("serving the memory 'web' and the board 'desk' over MCP at http://127.0.0.1:")
          .contains("/mcp (metrics at http://127.0.0.1:").endsWith("/metrics)");
      String url = line.substring(line.indexOf("http://"), line.indexOf(" (metrics"));
      String base = url.substring(0, url.length() - "/mcp".length());
      McpSyncClient planner = httpClient(base, "planner");
      McpSyncClient booker = httpClient(base, "booker");
      try {
        assertThat(planner.listTools().tools()).extracting(Tool::name)
            .containsExactlyInAnyOrder("remember", "recall", "match", "forget", "history", "post", "read");
        planner.callTool(new CallToolRequest("remember",
            Map.of("text", "the customer in Lisbon wants a vegetarian hotel near the train station")));
        planner.callTool(new CallToolRequest("remember",
            Map.of("text", "the staging database runs out of disk space every friday night")));
        CallToolResult found = planner.callTool(new CallToolRequest("recall",
            Map.of("query", "what sort of hotel does our client in Lisbon need?", "k", 1)));
        assertThat(text(found)).contains("vegetarian hotel near the train station");
        planner.callTool(new CallToolRequest("remember", Map.of("text", "ticket ZX4471 belongs to the storage team")));
        CallToolResult byWord = planner.callTool(new CallToolRequest("recall", Map.of("query", "ZX4471", "k", 1)));
        assertThat(text(byWord)).as("hybrid by default: an exact rare word finds its note")
            .contains("ticket ZX4471 belongs to the storage team");
        assertThat(planner.callTool(new CallToolRequest("recall", Map.of("query", "ZX4471", "hybrid", "yes")))
            .isError()).as("a flag that is not true or false is a tool error").isTrue();

        planner.callTool(new CallToolRequest("post", Map.of("text", "I booked the 9:40 train to Porto for Ana")));
        booker.callTool(new CallToolRequest("post", Map.of("text", "the hotel in Porto is paid")));
        CallToolResult read = booker.callTool(new CallToolRequest("read",
            Map.of("query", "which train is Ana on?", "k", 1)));
        assertThat(text(read)).as("one client reads what another posted, with its author")
            .contains("by planner").contains("9:40 train to Porto");
        CallToolResult mine = booker.callTool(new CallToolRequest("read",
            Map.of("query", "train", "author", "booker")));
        assertThat(text(mine)).contains("the hotel in Porto is paid").doesNotContain("9:40");
        CallToolResult bad = booker.callTool(new CallToolRequest("read", Map.of("query", "train", "k", 0)));
        assertThat(bad.isError()).isTrue();

        java.net.http.HttpResponse<String> metrics = java.net.http.HttpClient.newHttpClient().send(
            java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "/metrics"))
                .timeout(Duration.ofSeconds(10)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).as("every call timed, by memory, tool and outcome")
            .contains("memloop_mcp_calls_seconds_count{memory=\"web\",outcome=\"ok\",tool=\"remember\"} 3")
            .contains("memloop_mcp_calls_seconds_count{memory=\"desk\",outcome=\"ok\",tool=\"post\"} 2")
            .contains("memloop_mcp_calls_seconds_count{memory=\"desk\",outcome=\"error\",tool=\"read\"} 1");
      } finally {
        planner.closeGracefully();
        booker.closeGracefully();
      }
    } finally {
      process.destroy(); // the command serves until stopped; its shutdown hook closes the server
      assertThat(process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).as("stopped").isTrue();
    }
  }

  /**
   * {@code --auth token}: no token is 401, a listed one is served, writes as its principal, into its own memory and
   * journal.
   */
  @Test
  void should_answer_only_a_listed_bearer_token_with_auth_token(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws Exception {
    java.nio.file.Path tokens = dir.resolve("tokens");
    java.nio.file.Files.writeString(tokens, dev.memloop.auth.BearerTokens.hash("alice-token")
        + " alice memory:read,memory:write\n");
    java.nio.file.Path data = dir.resolve("data");
    Process process = new ProcessBuilder(mcpCommand("--memory", "vault", "--http", "127.0.0.1:0", "--auth", "token",
        "--tokens", tokens.toString(), "--data", data.toString())).redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    try {
      java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(),
          java.nio.charset.StandardCharsets.UTF_8));
      String line = out.readLine();
      assertThat(line).as("the first line the command printed").isNotNull().contains("over MCP at http://127.0.0.1:");
      String url = line.substring(line.indexOf("http://"), line.indexOf(" (metrics"));
      java.net.http.HttpResponse<String> anonymous = java.net.http.HttpClient.newHttpClient().send(
          java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).header("Content-Type", "application/json")
              .header("Accept", "application/json, text/event-stream")
              .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,"
                  + "\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                  + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}")).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(anonymous.statusCode()).isEqualTo(401);
      McpSyncClient alice = McpClient.sync(io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport
              .builder(url.substring(0, url.length() - "/mcp".length())).endpoint("/mcp")
              .httpRequestCustomizer((request, method, uri, body, context) -> request.header("Authorization",
                  "Bearer alice-token")).build())
          .clientInfo(new io.modelcontextprotocol.spec.McpSchema.Implementation("someone-else", "1"))
          .requestTimeout(Duration.ofSeconds(60)).build();
      try {
        alice.initialize();
        alice.callTool(new CallToolRequest("remember", Map.of("text", "the vault opens at nine")));
        String found = text(alice.callTool(new CallToolRequest("recall", Map.of("query", "when does the vault open"))));
        assertThat(found).contains("the vault opens at nine");
        Object items = ((Map<?, ?>) alice.callTool(new CallToolRequest("recall",
            Map.of("query", "when does the vault open"))).structuredContent()).get("items");
        assertThat(items.toString()).contains("author=alice").doesNotContain("someone-else");
      } finally {
        alice.closeGracefully();
      }
    } finally {
      process.destroy();
      process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
    }
    assertThat(java.nio.file.Files.readString(data.resolve("vault@alice.journal"),
        java.nio.charset.StandardCharsets.ISO_8859_1)).as("alice's own journal").contains("the vault opens at nine");
    assertThat(java.nio.file.Files.readString(data.resolve("vault.journal"), java.nio.charset.StandardCharsets.ISO_8859_1))
        .as("the shared memory's, no principal's").doesNotContain("the vault opens at nine");
  }

  @Test
  void should_keep_the_memory_on_disk_across_a_restart_with_data(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path data) {
    String id;
    McpSyncClient first = stdioClient(mcpCommand("--memory", "kept", "--data", data.toString()));
    try {
      CallToolResult saved = first.callTool(new CallToolRequest("remember",
          Map.of("text", "the staging database runs out of disk space every friday night", "kind", "observation")));
      id = ((Map<?, ?>) saved.structuredContent()).get("id").toString();
      Object forgotten = ((Map<?, ?>) first.callTool(new CallToolRequest("remember",
          Map.of("text", "a note that will be forgotten"))).structuredContent()).get("id");
      assertThat(text(first.callTool(new CallToolRequest("forget", Map.of("id", forgotten))))).startsWith("forgot ");
    } finally {
      first.closeGracefully();
    }
    assertThat(data.resolve("kept.journal")).exists();
    McpSyncClient second = stdioClient(mcpCommand("--memory", "kept", "--data", data.toString()));
    try {
      CallToolResult found = second.callTool(new CallToolRequest("recall",
          Map.of("query", "when does the staging database fill its disk?", "k", 5)));
      assertThat(text(found)).as("the note, its id and its kind, after a restart")
          .contains(id).contains("observation").contains("every friday night")
          .doesNotContain("will be forgotten");
      String again = ((Map<?, ?>) second.callTool(new CallToolRequest("remember", Map.of("text", "a new note")))
          .structuredContent()).get("id").toString();
      assertThat(again).as("a new id, never one used before the restart").isNotEqualTo(id);
    } finally {
      second.closeGracefully();
    }
  }

  @Test
  void should_answer_a_line_that_is_not_json_with_a_parse_error_and_keep_serving() throws Exception {
    Process process = new ProcessBuilder(mcpCommand("--embedder", "hashing"))
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      java.io.Writer in = new java.io.OutputStreamWriter(process.getOutputStream(),
          java.nio.charset.StandardCharsets.UTF_8);
      in.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}\n");
      in.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
      in.write("{this is not json\n");
      in.write("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n");
      in.flush();
      java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(),
          java.nio.charset.StandardCharsets.UTF_8));
      List<String> lines = new ArrayList<>();
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        lines.add(line);
        if (line.contains("\"id\":2")) {
          break;
        }
      }
      assertThat(lines).as("the parse error, then the answers to the requests around it").anySatisfy(line ->
          assertThat(line).contains("\"code\":-32700"));
      assertThat(lines).last().asString().as("still serving").contains("\"id\":2").contains("\"remember\"");
      in.close(); // the client goes: the server ends
      assertThat(process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).isZero();
    } finally {
      process.destroyForcibly();
    }
  }

  static McpSyncClient stdioClient(List<String> command) {
    ServerParameters server = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).build();
    McpSyncClient client = McpClient.sync(new StdioClientTransport(server, McpJsonDefaults.getMapper()))
        .requestTimeout(Duration.ofSeconds(60)).build();
    client.initialize();
    return client;
  }
}
