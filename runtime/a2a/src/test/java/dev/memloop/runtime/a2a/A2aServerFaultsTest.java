package dev.memloop.runtime.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.memloop.runtime.AgentHandle;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The A2A server under the faults a sweep found: slow uploads that once held every request thread (the card timed
 * out behind them) are cut at the read deadline and never hold the card; many messages at once each end their task,
 * completed, by its deadline.
 */
class A2aServerFaultsTest {

  static final ActorTestKit testKit = A2aServerTest.testKit;
  static final ObjectMapper JSON = new ObjectMapper();
  final HttpClient http = HttpClient.newHttpClient();

  @AfterAll
  static void shutdown() {
    // the kit is A2aServerTest's; it shuts it down
  }

  @Test
  void should_serve_its_card_while_slow_uploads_wait_and_cut_them_at_the_read_deadline() throws Exception {
    AgentHandle agent = A2aServerTest.concierge();
    try (A2aServer server = A2aServer.builder(agent).readDeadline(Duration.ofSeconds(1)).start("127.0.0.1", 0)) {
      URI base = URI.create(server.url());
      List<Socket> slow = new ArrayList<>();
      for (int i = 0; i < 8; i++) { // twice the old pool's four threads: headers, a length, no body
        Socket socket = new Socket(base.getHost(), base.getPort());
        OutputStream out = socket.getOutputStream();
        out.write(("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        slow.add(socket);
      }
      HttpResponse<String> card = http.send(HttpRequest.newBuilder(URI.create(server.cardUrl()))
          .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(card.statusCode()).as("the card, with eight uploads waiting").isEqualTo(200);
      assertThat(JSON.readTree(card.body()).get("name").asText()).isEqualTo(agent.id());
      for (Socket socket : slow) {
        socket.setSoTimeout(20_000); // a bound for the test, far past the 1 s deadline
        InputStream in = socket.getInputStream();
        assertThat(in.read()).as("the server let go of a client that sent no body").isEqualTo(-1);
        socket.close();
      }
    } finally {
      agent.stop();
    }
  }

  @Test
  void should_end_every_task_of_many_messages_at_once() throws Exception {
    AgentHandle agent = A2aServerTest.concierge();
    try (A2aServer server = A2aServer.builder(agent).start("127.0.0.1", 0)) {
      List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
      for (int i = 0; i < 42; i++) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"message/send\",\"params\":{\"message\":{"
            + "\"role\":\"user\",\"kind\":\"message\",\"messageId\":\"m-" + i + "\",\"parts\":[{\"kind\":\"text\","
            + "\"text\":\"note " + i + "\"}]}}}";
        sent.add(http.sendAsync(HttpRequest.newBuilder(URI.create(server.url())).timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
            HttpResponse.BodyHandlers.ofString()));
      }
      for (CompletableFuture<HttpResponse<String>> answer : sent) {
        JsonNode task = JSON.readTree(answer.get().body()).get("result");
        String id = task.get("id").asText();
        String query = "{\"jsonrpc\":\"2.0\",\"id\":\"q\",\"method\":\"tasks/get\",\"params\":{\"id\":\"" + id + "\"}}";
        JsonNode read = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(server.url()))
            .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(query)).build(), HttpResponse.BodyHandlers.ofString()).body());
        assertThat(read.get("result").get("status").get("state").asText()).as("task %s", id).isEqualTo("completed");
      }
    } finally {
      agent.stop();
    }
  }
}
