package dev.memloop.mcp;

import dev.memloop.auth.Principal;
import dev.memloop.auth.BearerTokens;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An HTTP server with tokens: no token or a wrong one is 401 with a Bearer challenge, a foreign origin 403; a caller
 * with a token writes as its principal (not the name its client chose) and only with the scopes its token has; a
 * server beyond loopback without tokens does not start.
 */
class HttpAccessTest {

  @TempDir
  Path dir;

  final HttpClient http = HttpClient.newHttpClient();
  WorkingMemory memory;
  HttpMcpServer server;

  @BeforeEach
  void start() throws Exception {
    Path tokens = dir.resolve("tokens");
    Files.writeString(tokens, BearerTokens.hash("alice-token") + " alice memory:read,memory:write\n"
        + BearerTokens.hash("bob-token") + " bob memory:read\n");
    memory = WorkingMemory.builder(new HashingEmbedder(32)).threadSafe().build();
    server = HttpMcpServer.start(MemoryMcpServer.builder(memory, "notes"), "127.0.0.1", 0, null,
        new HttpAccess(BearerTokens.read(tokens), List.of("https://app.example.com")));
  }

  @AfterEach
  void stop() {
    server.close();
    memory.close();
  }

  HttpResponse<String> post(String authorization, String origin) throws Exception {
    return post(authorization, origin, HttpMcpServerFaultsTest.INITIALIZE);
  }

  HttpResponse<String> post(String authorization, String origin, String body) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.url())).timeout(Duration.ofSeconds(20))
        .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    if (origin != null) {
      request.header("Origin", origin);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void should_refuse_a_missing_or_unknown_token_with_401_and_a_foreign_origin_with_403() throws Exception {
    HttpResponse<String> none = post(null, null);
    assertThat(none.statusCode()).isEqualTo(401);
    assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"memloop\"");
    HttpResponse<String> wrong = post("Bearer carol-token", null);
    assertThat(wrong.statusCode()).isEqualTo(401);
    assertThat(wrong.headers().firstValue("WWW-Authenticate").orElseThrow()).contains("invalid_token");
    assertThat(wrong.body()).doesNotContain("carol-token");
    assertThat(post("Basic YWxpY2U6eA==", null).statusCode()).isEqualTo(401);
    assertThat(post("Bearer alice-token", "http://evil.example").statusCode()).isEqualTo(403);
    assertThat(post("Bearer alice-token", "https://app.example.com").statusCode()).isEqualTo(200);
    assertThat(post("Bearer alice-token", "http://localhost:5173").statusCode()).as("a loopback page, loopback server")
        .isEqualTo(200);
    assertThat(post("bearer alice-token", null).statusCode()).isEqualTo(200);
  }

  @Test
  void should_write_as_the_principal_and_only_with_the_scopes_of_its_token() throws Exception {
    McpSyncClient alice = client("alice-token", "i-am-bob");
    McpSyncClient bob = client("bob-token", "bob");
    try {
      CallToolResult saved = alice.callTool(new CallToolRequest("remember", Map.of("text", "the vault code changed")));
      assertThat(saved.isError()).isFalse();
      assertThatThrownBy(() -> bob.callTool(new CallToolRequest("remember", Map.of("text", "bob was here"))))
          .as("refused at HTTP, before the tool").isInstanceOf(
              io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException.class);
      HttpResponse<String> refused = post("Bearer bob-token", null, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":"
          + "\"tools/call\",\"params\":{\"name\":\"forget\",\"arguments\":{\"id\":\"x\"}}}");
      assertThat(refused.statusCode()).isEqualTo(403);
      assertThat(refused.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"memloop\", "
          + "error=\"insufficient_scope\", scope=\"memory:forget\"");
      assertThat(refused.body()).contains("needs the scope memory:forget");
      assertThat(bob.callTool(new CallToolRequest("recall", Map.of("query", "vault code"))).isError()).isFalse();
      assertThat(ToolCalls.scope("remember")).isEqualTo(Principal.WRITE);
    } finally {
      alice.closeGracefully();
      bob.closeGracefully();
    }
    List<Recall> found = memory.recall("vault code", 5);
    assertThat(found).extracting(Recall::author).containsExactly("alice");
  }

  /** With tenants, each principal has a memory of its own: nothing one writes is answered to, or forgotten by, another. */
  @Test
  void should_keep_each_principal_in_a_memory_of_its_own_with_tenants() throws Exception {
    Path tokens = dir.resolve("tenants");
    Files.writeString(tokens, BearerTokens.hash("alice-token") + " alice memory:read,memory:write,memory:forget\n"
        + BearerTokens.hash("bob-token") + " bob memory:read,memory:write,memory:forget\n");
    Map<String, WorkingMemory> memories = new java.util.concurrent.ConcurrentHashMap<>();
    server.close();
    server = HttpMcpServer.start(MemoryMcpServer.builder(memory, "notes").tenants(principal -> memories.computeIfAbsent(
        principal, p -> WorkingMemory.builder(new HashingEmbedder(32)).threadSafe().build())), "127.0.0.1", 0, null,
        new HttpAccess(BearerTokens.read(tokens), List.of()));
    McpSyncClient alice = client("alice-token", "alice");
    McpSyncClient bob = client("bob-token", "bob");
    try {
      String id = ((Map<?, ?>) alice.callTool(new CallToolRequest("remember",
          Map.of("text", "alice's vault code is 4411", "subject", "vault code"))).structuredContent()).get("id")
          .toString();
      bob.callTool(new CallToolRequest("remember", Map.of("text", "bob parks on level 3")));

      String bobs = ((TextContent) bob.callTool(new CallToolRequest("recall", Map.of("query", "vault code 4411", "k",
          10))).content().get(0)).text();
      assertThat(bobs).doesNotContain("4411").contains("level 3");
      assertThat(((TextContent) bob.callTool(new CallToolRequest("history", Map.of("subject", "vault code")))
          .content().get(0)).text()).startsWith("nothing saved on");
      assertThat(((TextContent) bob.callTool(new CallToolRequest("forget", Map.of("id", id))).content().get(0))
          .text()).startsWith("no item");
      assertThat(((TextContent) alice.callTool(new CallToolRequest("recall", Map.of("query", "vault code 4411")))
          .content().get(0)).text()).contains("4411").doesNotContain("level 3");
      assertThat(((TextContent) bob.callTool(new CallToolRequest("forget", Map.of("author", "alice"))).content()
          .get(0)).text()).as("bob's memory holds nothing of alice's").isEqualTo("forgot 0 items by alice");
      assertThat(memories.get("alice").size()).isEqualTo(1);
      assertThat(((TextContent) alice.callTool(new CallToolRequest("forget", Map.of("author", "alice"))).content()
          .get(0)).text()).as("alice forgets all she wrote").isEqualTo("forgot 1 item by alice");
      assertThat(memories.get("alice").size()).isZero();
      assertThat(memories.get("bob").size()).isEqualTo(1);
    } finally {
      alice.closeGracefully();
      bob.closeGracefully();
    }
    assertThat(memories).containsOnlyKeys("alice", "bob");
    assertThat(memory.size()).as("the shared memory, no principal's").isZero();
    memories.values().forEach(WorkingMemory::close);
  }

  /** A board with members: they post and read; another principal reads nothing of it. */
  @Test
  void should_share_a_board_among_its_members_alone() throws Exception {
    Path tokens = dir.resolve("board-tokens");
    Files.writeString(tokens, BearerTokens.hash("alice-token") + " alice memory:read,memory:write\n"
        + BearerTokens.hash("bob-token") + " bob memory:read,memory:write\n"
        + BearerTokens.hash("carol-token") + " carol memory:read,memory:write\n");
    server.close();
    try (WorkingMemory board = WorkingMemory.builder(new HashingEmbedder(32)).threadSafe().build()) {
      server = HttpMcpServer.start(MemoryMcpServer.builder(memory, "notes").board(board, "desk")
          .boardMembers(List.of("alice", "bob")), "127.0.0.1", 0, null, new HttpAccess(BearerTokens.read(tokens),
          List.of()));
      McpSyncClient alice = client("alice-token", "alice");
      McpSyncClient bob = client("bob-token", "bob");
      McpSyncClient carol = client("carol-token", "carol");
      try {
        assertThat(alice.callTool(new CallToolRequest("post", Map.of("text", "the release is on friday")))
            .isError()).isFalse();
        assertThat(((TextContent) bob.callTool(new CallToolRequest("read", Map.of("query", "when is the release")))
            .content().get(0)).text()).contains("friday").contains("by alice");
        CallToolResult refused = carol.callTool(new CallToolRequest("read", Map.of("query", "when is the release")));
        assertThat(refused.isError()).isTrue();
        assertThat(((TextContent) refused.content().get(0)).text()).contains("carol is not one of them")
            .doesNotContain("friday").doesNotContain("alice");
        assertThat(carol.callTool(new CallToolRequest("post", Map.of("text", "carol was here"))).isError()).isTrue();
        assertThat(board.size()).isEqualTo(1);
      } finally {
        alice.closeGracefully();
        bob.closeGracefully();
        carol.closeGracefully();
      }
    }
    assertThatThrownBy(() -> MemoryMcpServer.builder(memory, "notes").boardMembers(List.of(" ")))
        .hasMessageContaining("none blank");
  }

  @Test
  void should_not_start_beyond_loopback_without_tokens() {
    assertThatThrownBy(() -> HttpMcpServer.start(MemoryMcpServer.builder(memory, "open"), "0.0.0.0", 0, null,
        HttpAccess.LOOPBACK)).hasMessageContaining("must authenticate its callers")
        .hasMessageContaining("--auth token");
    assertThatThrownBy(() -> new HttpAccess(null, List.of("app.example.com"))).hasMessageContaining("--allow-origin");
  }

  McpSyncClient client(String token, String name) {
    McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(server.url()
            .replace(HttpMcpServer.ENDPOINT, "")).endpoint(HttpMcpServer.ENDPOINT)
            .httpRequestCustomizer((request, method, uri, body, context) -> request.header("Authorization",
                "Bearer " + token)).build())
        .clientInfo(new io.modelcontextprotocol.spec.McpSchema.Implementation(name, "1"))
        .requestTimeout(Duration.ofSeconds(60)).build();
    client.initialize();
    return client;
  }
}
