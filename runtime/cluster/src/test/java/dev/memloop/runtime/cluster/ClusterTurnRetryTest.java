package dev.memloop.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import dev.memloop.runtime.TurnFailedException;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A sharded agent's turn aborted by a failure the agent survives is sent again by its handle and resumed at the step
 * that failed: the caller gets the whole turn, and no step ran twice. One node on 127.0.0.1.
 */
class ClusterTurnRetryTest {

  static ActorSystem<Void> node;
  /** Decisions per agent and observation; each agent's model fails once, at its first turn's second step. */
  static final Map<String, AtomicInteger> decided = new ConcurrentHashMap<>();
  static final Set<String> failed = ConcurrentHashMap.newKeySet();

  @BeforeAll
  static void start() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    node = ActorSystem.create(Behaviors.empty(), ClusterNodes.SYSTEM, ConfigFactory.parseString(
            "pekko.loglevel = ERROR\npekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off")
        .withFallback(ClusterNodes.config("127.0.0.1", port, List.of("127.0.0.1:" + port),
            List.of(AgentSharding.ROLE), ConfigFactory.load())));
    AgentSharding.init(node, id -> ShardedAgentClusterTest.spec(id).reasoners(ctx -> new ScriptedReasoner(step -> {
      decided.computeIfAbsent(id + "/" + step.observation().text(), k -> new AtomicInteger()).incrementAndGet();
      if (step.turn() == 0 && step.step() == 1 && failed.add(id)) {
        throw new IllegalStateException("the model produced garbage");
      }
      return Decision.act(step.observation().text());
    })));
  }

  @AfterAll
  static void stop() throws Exception {
    ShardedAgentClusterTest.terminate(List.of(node));
  }

  @Test
  void should_send_an_aborted_turn_again_and_get_it_resumed_at_the_failed_step() throws Exception {
    ClusterAgentHandle agent = ClusterAgentHandle.of(node, "retried-1", Duration.ofSeconds(30))
        .toCompletableFuture().get(1, TimeUnit.MINUTES);
    TurnResult result = agent.send("isolate host-a", "isolate host-b", "isolate host-c").toCompletableFuture()
        .get(1, TimeUnit.MINUTES);

    assertThat(result.aborted()).isFalse();
    assertThat(result.restarts()).isEqualTo(1);
    assertThat(result.steps()).extracting(StepRecord::step).containsExactly(0, 1, 2);
    assertThat(decided.get("retried-1/isolate host-a").get()).as("run once").isEqualTo(1);
    assertThat(decided.get("retried-1/isolate host-b").get()).as("the failed step, twice").isEqualTo(2);
    assertThat(decided.get("retried-1/isolate host-c").get()).isEqualTo(1);
    assertThat(agent.snapshot().toCompletableFuture().get(1, TimeUnit.MINUTES).items())
        .as("each action remembered once").hasSize(3);
  }

  @Test
  void should_fail_the_turn_when_the_handle_has_no_retries() throws Exception {
    ClusterAgentHandle agent = ClusterAgentHandle.of(node, "unretried-1", Duration.ofSeconds(30), 0)
        .toCompletableFuture().get(1, TimeUnit.MINUTES);
    assertThatThrownBy(() -> agent.send("isolate host-a", "isolate host-b").toCompletableFuture()
        .get(1, TimeUnit.MINUTES)).cause().isInstanceOf(TurnFailedException.class)
        .hasMessageContaining("the model produced garbage");
  }
}
