package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memloop mcp --auth oauth} against a real authorization server ({@code scripts/oauth-server}: oauth2-mock-server
 * from npm, RS256 JWTs, discovery, a key set): no token is 401 with the protected resource metadata's link, a token for
 * another audience is 401, a token without {@code memory:write} cannot write (403, {@code insufficient_scope}), and
 * what one principal remembers another never recalls.
 */
class McpOAuthTest {

  static final String AUDIENCE = "https://memory.example.com/mcp";
  static final ObjectMapper JSON = new ObjectMapper();

  final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  Process issuerProcess;
  Process server;

  @TempDir
  Path data;

  @TempDir
  Path logs;

  @AfterEach
  void stop() throws InterruptedException {
    for (Process process : new Process[] {server, issuerProcess}) {
      if (process != null) {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      }
    }
  }

  @Test
  void should_serve_only_tokens_its_issuer_signed_for_it_each_principal_its_own_memory() throws Exception {
    String issuer = startIssuer();
    server = new ProcessBuilder(McpCommandTest.mcpCommand("--memory", "vault", "--http", "127.0.0.1:0", "--auth",
        "oauth", "--issuer", issuer, "--audience", AUDIENCE, "--data", data.toString()))
        .redirectError(logs.resolve("server.err").toFile()).start();
    String line = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
        .readLine();
    assertThat(line).as(() -> "the first line the command printed; it said " + errors()).isNotNull().contains("over MCP at http://127.0.0.1:");
    String url = line.substring(line.indexOf("http://"), line.indexOf(" (metrics"));
    String base = url.substring(0, url.length() - "/mcp".length());

    HttpResponse<String> anonymous = initialize(url, null);
    assertThat(anonymous.statusCode()).isEqualTo(401);
    assertThat(anonymous.headers().firstValue("WWW-Authenticate")).hasValue(
        "Bearer resource_metadata=\"https://memory.example.com/.well-known/oauth-protected-resource/mcp\"");
    JsonNode metadata = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(base
        + "/.well-known/oauth-protected-resource/mcp")).build(), HttpResponse.BodyHandlers.ofString()).body());
    assertThat(metadata.get("resource").asText()).isEqualTo(AUDIENCE);
    assertThat(metadata.get("authorization_servers").get(0).asText()).isEqualTo(issuer);

    HttpResponse<String> elsewhere = initialize(url, token(issuer, "alice", "memory:read memory:write",
        "https://other.example.com/mcp"));
    assertThat(elsewhere.statusCode()).as("a token minted for another resource").isEqualTo(401);
    assertThat(elsewhere.headers().firstValue("WWW-Authenticate").orElseThrow()).contains("error=\"invalid_token\"");
    assertThat(initialize(url, "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZSJ9.").statusCode()).isEqualTo(401);

    McpSyncClient alice = client(base, token(issuer, "alice", "memory:read memory:write", AUDIENCE));
    McpSyncClient bob = client(base, token(issuer, "bob", "memory:read memory:write", AUDIENCE));
    McpSyncClient reader = client(base, token(issuer, "carol", "memory:read", AUDIENCE));
    try {
      alice.callTool(new CallToolRequest("remember", Map.of("text", "the vault code is 4411")));
      assertThat(McpCommandTest.text(alice.callTool(new CallToolRequest("recall", Map.of("query", "vault code")))))
          .contains("4411");
      assertThat(McpCommandTest.text(bob.callTool(new CallToolRequest("recall", Map.of("query", "vault code 4411")))))
          .as("bob's memory is his own").doesNotContain("4411");
      assertThatThrownBy(() -> reader.callTool(new CallToolRequest("remember", Map.of("text", "carol was here"))))
          .as("403 insufficient_scope").isInstanceOf(McpHttpClientTransportAuthorizationException.class);
    } finally {
      alice.closeGracefully();
      bob.closeGracefully();
      reader.closeGracefully();
    }
    assertThat(Files.readString(data.resolve("vault@alice.journal"), StandardCharsets.ISO_8859_1)).contains("4411");
    assertThat(data.resolve("vault@carol.journal")).satisfiesAnyOf(
        journal -> assertThat(journal).doesNotExist(),
        journal -> assertThat(Files.readString(journal, StandardCharsets.ISO_8859_1)).doesNotContain("carol was here"));
  }

  String errors() {
    try {
      return Files.readString(logs.resolve("server.err"));
    } catch (IOException e) {
      return e.toString();
    }
  }

  /** Starts {@code scripts/oauth-server} and answers its issuer URL. */
  String startIssuer() throws IOException {
    issuerProcess = new ProcessBuilder(script().toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String line = new BufferedReader(new InputStreamReader(issuerProcess.getInputStream(), StandardCharsets.UTF_8))
        .readLine();
    assertThat(line).as("the issuer's first line").isNotNull().startsWith("issuer http://127.0.0.1:");
    return line.substring("issuer ".length());
  }

  /** A client-credentials token from the issuer for {@code subject}, with {@code scope}, for {@code resource}. */
  String token(String issuer, String subject, String scope, String resource) throws Exception {
    String form = "grant_type=client_credentials&client_id=" + subject + "&scope="
        + URLEncoder.encode(scope, StandardCharsets.UTF_8) + "&resource=" + URLEncoder.encode(resource,
        StandardCharsets.UTF_8);
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(issuer + "/token"))
        .timeout(Duration.ofSeconds(20)).header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return "Bearer " + JSON.readTree(response.body()).get("access_token").asText();
  }

  HttpResponse<String> initialize(String url, String authorization) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20))
        .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}"));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  static McpSyncClient client(String base, String authorization) {
    McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(base).endpoint("/mcp")
            .httpRequestCustomizer((request, method, uri, body, context) -> request.header("Authorization",
                authorization)).build())
        .requestTimeout(Duration.ofSeconds(60)).build();
    client.initialize();
    return client;
  }

  /** {@code scripts/oauth-server}, found above the working directory (the module's, under Maven). */
  static Path script() throws IOException {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("scripts").resolve("oauth-server");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    throw new IOException("scripts/oauth-server not found above " + Path.of("").toAbsolutePath());
  }
}
