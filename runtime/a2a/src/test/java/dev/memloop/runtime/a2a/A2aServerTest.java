package dev.memloop.runtime.a2a;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.AgentHandle;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import io.a2a.A2A;
import io.a2a.client.Client;
import io.a2a.client.ClientEvent;
import io.a2a.client.TaskEvent;
import io.a2a.client.config.ClientConfig;
import io.a2a.client.transport.jsonrpc.JSONRPCTransport;
import io.a2a.client.transport.jsonrpc.JSONRPCTransportConfig;
import io.a2a.spec.AgentCard;
import io.a2a.spec.Task;
import io.a2a.spec.TaskQueryParams;
import io.a2a.spec.TaskState;
import io.a2a.spec.TextPart;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A memloop agent served over A2A, spoken to by the official A2A Java SDK's client: its card, a message as a turn
 * whose answer recalls an earlier turn's note from the agent's memory, the task read back by id, a failing turn as a
 * failed task, and requests the server cannot read as JSON-RPC errors while it goes on serving.
 */
class A2aServerTest {

  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /** Notes what it is told; asked a question, answers with the nearest note it has. */
  static final java.util.concurrent.atomic.AtomicInteger AGENTS = new java.util.concurrent.atomic.AtomicInteger();

  /** A new concierge, {@code concierge-N}: each test its own agent, as an actor's name is taken until it stops. */
  static AgentHandle concierge() {
    return concierge("concierge-" + AGENTS.incrementAndGet());
  }

  /** A concierge named {@code id}. */
  static AgentHandle concierge(String id) {
    AgentSpec spec = AgentSpec.builder(id).policy(MemoryPolicyKind.PER_STEP)
        .embedder(new HashingEmbedder(256)).threshold(0.9).reasoner(step -> {
          String said = step.observation().text();
          if (said.equals("fail")) {
            throw new IllegalStateException("the concierge cannot do that");
          }
          if (!said.endsWith("?")) {
            return step.memory().remember(said).thenApply(kept -> Decision.reply("noted: " + said));
          }
          return step.memory().recall(said, 1).thenApply(found -> Decision.reply(found.items().isEmpty()
              ? "I know nothing of that" : "from my notes: " + found.items().get(0).text()));
        }).build();
    return AgentHandle.start(testKit.system(), spec);
  }

  static Task send(Client client, String text) throws Exception {
    CompletableFuture<Task> done = new CompletableFuture<>();
    client.sendMessage(A2A.toUserMessage(text), List.of((ClientEvent event, AgentCard card) -> {
      if (event instanceof TaskEvent task && task.getTask().getStatus().state().isFinal()) {
        done.complete(task.getTask());
      }
    }), done::completeExceptionally, null);
    return done.get(30, TimeUnit.SECONDS);
  }

  static String text(Task task) {
    return ((TextPart) task.getArtifacts().get(0).parts().get(0)).getText();
  }

  @Test
  void should_serve_its_card_and_answer_each_message_as_a_turn_with_its_memory() throws Exception {
    AgentHandle agent = concierge();
    try (A2aServer server = A2aServer.builder(agent).description("Keeps notes and answers from them")
        .skill("notes", "notes", "Remembers what it is told and answers questions from it").start("127.0.0.1", 0)) {
      AgentCard card = A2A.getAgentCard(server.url().substring(0, server.url().length() - 1));
      assertThat(card.name()).isEqualTo(agent.id());
      assertThat(card.url()).isEqualTo(server.url());
      assertThat(card.skills()).extracting(s -> s.id()).containsExactly("notes");
      assertThat(card.capabilities().streaming()).isFalse();

      Client client = Client.builder(card).withTransport(JSONRPCTransport.class, new JSONRPCTransportConfig())
          .clientConfig(new ClientConfig.Builder().setStreaming(false).setAcceptedOutputModes(List.of("text"))
              .build()).build();
      Task noted = send(client, "the guest in room 12 is allergic to peanuts");
      assertThat(noted.getStatus().state()).isEqualTo(TaskState.COMPLETED);
      assertThat(text(noted)).isEqualTo("noted: the guest in room 12 is allergic to peanuts");

      Task answered = send(client, "is the guest in room 12 allergic to anything?");
      assertThat(text(answered)).as("the second turn recalled the first turn's note")
          .isEqualTo("from my notes: the guest in room 12 is allergic to peanuts");
      Task again = client.getTask(new TaskQueryParams(answered.getId()), null);
      assertThat(again.getStatus().state()).as("tasks/get").isEqualTo(TaskState.COMPLETED);
      assertThat(text(again)).isEqualTo(text(answered));

      Task failed = send(client, "fail");
      assertThat(failed.getStatus().state()).isEqualTo(TaskState.FAILED);
      assertThat(((TextPart) failed.getStatus().message().getParts().get(0)).getText())
          .startsWith("agent " + agent.id() + ": ").contains("the concierge cannot do that");
      assertThat(text(send(client, "anything about room 12?"))).as("the agent went on after the failed turn")
          .contains("peanuts");
      assertThat(agent.snapshot().toCompletableFuture().get(10, TimeUnit.SECONDS).turnsCompleted())
          .as("one turn a message, four messages").isEqualTo(4);
      client.close();
    } finally {
      agent.stop();
    }
  }

  @Test
  void should_answer_what_it_cannot_read_with_a_json_rpc_error_and_go_on_serving() throws Exception {
    AgentHandle agent = concierge();
    try (A2aServer server = A2aServer.builder(agent).start("127.0.0.1", 0)) {
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      assertThat(post(http, server, "{not json").path("error").path("code").asInt()).as("parse error")
          .isEqualTo(-32700);
      assertThat(post(http, server, "{\"jsonrpc\":\"2.0\",\"id\":1}").path("error").path("code").asInt())
          .as("no method").isEqualTo(-32600);
      assertThat(post(http, server, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"agents/dance\",\"params\":{}}")
          .path("error").path("code").asInt()).as("an unknown method").isEqualTo(-32601);
      assertThat(post(http, server, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"message/stream\",\"params\":{}}")
          .path("error").path("message").asText()).contains("does not stream");
      assertThat(post(http, server, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tasks/get\","
          + "\"params\":{\"id\":\"no-such-task\"}}").path("error").path("code").asInt()).as("task not found")
          .isEqualTo(-32001);
      HttpResponse<String> card = http.send(HttpRequest.newBuilder(URI.create(server.cardUrl()))
          .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(card.statusCode()).as("still serving").isEqualTo(200);
      assertThat(card.body()).contains("\"name\":\"" + agent.id() + "\"");
    } finally {
      agent.stop();
    }
  }

  @Test
  void should_refuse_a_taken_address_naming_it() throws Exception {
    AgentHandle agent = concierge();
    try (A2aServer first = A2aServer.builder(agent).start("127.0.0.1", 0)) {
      int port = URI.create(first.url()).getPort();
      assertThatThrownBy(() -> A2aServer.builder(agent).start("127.0.0.1", port))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("A2A server " + agent.id() + ": cannot serve on 127.0.0.1:" + port);
      assertThatThrownBy(() -> A2aServer.builder(agent).turnDeadline(Duration.ZERO))
          .hasMessage("the turn deadline must be > 0: PT0S");
    } finally {
      agent.stop();
    }
  }

  static com.fasterxml.jackson.databind.JsonNode post(HttpClient http, A2aServer server, String body)
      throws Exception {
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(server.url()))
        .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    return io.a2a.util.Utils.OBJECT_MAPPER.readTree(response.body());
  }
}
