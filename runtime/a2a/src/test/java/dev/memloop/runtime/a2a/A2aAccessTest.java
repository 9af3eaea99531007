package dev.memloop.runtime.a2a;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.memloop.auth.BearerTokens;
import dev.memloop.runtime.AgentHandle;
import io.a2a.util.Utils;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The A2A server's door and partitions: no token is 401, a token without {@code memory:write} cannot send (403), each
 * principal talks to an agent (a memory) of its own and cannot read another's task; without authentication, a
 * memory per {@code contextId}; and the builder refuses what would leak.
 */
class A2aAccessTest {

  static final AtomicInteger SERVERS = new AtomicInteger();

  @TempDir
  Path dir;

  final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  final Map<String, AgentHandle> started = new ConcurrentHashMap<>();

  @AfterEach
  void stop() {
    started.values().forEach(AgentHandle::stop);
  }

  /** A concierge per key, each under an id of its own. */
  AgentHandle agentFor(String key) {
    AgentHandle agent = A2aServerTest.concierge("concierge-" + SERVERS.get() + "-" + Integer.toHexString(key
        .hashCode()));
    started.put(key, agent);
    return agent;
  }

  @Test
  void should_give_each_principal_its_own_memory_and_refuse_the_rest() throws Exception {
    Path tokens = Files.writeString(dir.resolve("tokens"), BearerTokens.hash("alice-token")
        + " alice memory:read,memory:write\n" + BearerTokens.hash("bob-token") + " bob memory:read,memory:write\n"
        + BearerTokens.hash("carol-token") + " carol memory:read\n");
    SERVERS.incrementAndGet();
    try (A2aServer server = A2aServer.builder("concierge", this::agentFor).access(BearerTokens.read(tokens))
        .start("127.0.0.1", 0)) {
      HttpResponse<String> card = http.send(HttpRequest.newBuilder(URI.create(server.cardUrl())).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(card.statusCode()).as("the card is public").isEqualTo(200);
      JsonNode cardJson = Utils.OBJECT_MAPPER.readTree(card.body());
      assertThat(cardJson.path("securitySchemes").path("bearer").path("scheme").asText()).isEqualTo("bearer");
      assertThat(cardJson.path("description").asText()).contains("a memory per authenticated caller");

      HttpResponse<String> anonymous = post(server, null, send("m0", "c0", "hello"));
      assertThat(anonymous.statusCode()).isEqualTo(401);
      assertThat(anonymous.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"memloop\"");
      assertThat(post(server, "wrong-token", send("m0", "c0", "hello")).statusCode()).isEqualTo(401);
      HttpResponse<String> reader = post(server, "carol-token", send("m1", "c1", "carol was here"));
      assertThat(reader.statusCode()).isEqualTo(403);
      assertThat(reader.headers().firstValue("WWW-Authenticate").orElseThrow())
          .contains("error=\"insufficient_scope\"").contains("scope=\"memory:write\"");

      assertThat(answer(post(server, "alice-token", send("m2", "c2", "the vault code is 4411")))).contains("noted");
      JsonNode alices = json(post(server, "alice-token", send("m3", "c2", "what is the vault code?")));
      assertThat(text(alices)).contains("4411");
      assertThat(answer(post(server, "bob-token", send("m4", "c2", "what is the vault code?"))))
          .as("bob's agent, bob's memory, the same contextId").doesNotContain("4411");
      String alicesTask = alices.path("result").path("id").asText();
      JsonNode peek = json(post(server, "bob-token", "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tasks/get\","
          + "\"params\":{\"id\":\"" + alicesTask + "\"}}"));
      assertThat(peek.path("error").path("code").asInt()).as("another's task does not exist").isEqualTo(-32001);
      assertThat(json(post(server, "carol-token", "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tasks/get\","
          + "\"params\":{\"id\":\"" + alicesTask + "\"}}")).path("error").path("code").asInt()).isEqualTo(-32001);
      assertThat(json(post(server, "alice-token", "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tasks/get\","
          + "\"params\":{\"id\":\"" + alicesTask + "\"}}")).path("result").path("id").asText())
          .as("her own").isEqualTo(alicesTask);
      assertThat(started).containsOnlyKeys("alice", "bob");
    }
  }

  @Test
  void should_keep_a_memory_per_context_without_authentication() throws Exception {
    SERVERS.incrementAndGet();
    try (A2aServer server = A2aServer.builder("concierge", this::agentFor).start("127.0.0.1", 0)) {
      assertThat(server.card().description()).contains("a memory per A2A contextId");
      answer(post(server, null, send("m1", "trip-a", "the hotel is in Lisbon")));
      assertThat(answer(post(server, null, send("m2", "trip-a", "where is the hotel?")))).contains("Lisbon");
      assertThat(answer(post(server, null, send("m3", "trip-b", "where is the hotel?")))).doesNotContain("Lisbon");
      assertThat(started).containsOnlyKeys("trip-a", "trip-b");
    }
  }

  @Test
  void should_refuse_a_server_that_would_leak_naming_why() {
    AgentHandle agent = agentFor("shared");
    assertThatThrownBy(() -> A2aServer.builder(agent).partition(A2aServer.Partition.CONTEXT).start("127.0.0.1", 0))
        .hasMessageContaining("one agent is one memory, shared");
    assertThatThrownBy(() -> A2aServer.builder("c", this::agentFor).partition(A2aServer.Partition.PRINCIPAL)
        .start("127.0.0.1", 0)).hasMessageContaining("a memory per principal needs access(tokens)");
    assertThatThrownBy(() -> A2aServer.builder(agent).start("0.0.0.0", 0))
        .hasMessageContaining("beyond loopback, and a server there must authenticate its callers");
    assertThatThrownBy(() -> A2aServer.builder(agent).access(null)).hasMessageContaining("access needs the tokens");
    assertThatThrownBy(() -> A2aServer.builder(" ", this::agentFor)).hasMessageContaining("needs a name");
  }

  static String send(String messageId, String contextId, String text) {
    return "{\"jsonrpc\":\"2.0\",\"id\":\"" + messageId + "\",\"method\":\"message/send\",\"params\":{\"message\":{"
        + "\"role\":\"user\",\"kind\":\"message\",\"messageId\":\"" + messageId + "\",\"contextId\":\"" + contextId
        + "\",\"parts\":[{\"kind\":\"text\",\"text\":\"" + text + "\"}]}}}";
  }

  HttpResponse<String> post(A2aServer server, String token, String body) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.url())).timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  static JsonNode json(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return Utils.OBJECT_MAPPER.readTree(response.body());
  }

  static String answer(HttpResponse<String> response) throws Exception {
    return text(json(response));
  }

  static String text(JsonNode answer) {
    JsonNode artifacts = answer.path("result").path("artifacts");
    return artifacts.isMissingNode() || artifacts.isEmpty() ? answer.toString()
        : artifacts.get(0).path("parts").get(0).path("text").asText();
  }
}
