package dev.memloop.runtime.cluster;

import dev.memloop.runtime.config.EmbedderChoice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two agent nodes and one store node: networked agents keep their memory in stores on the store node, reached
 * over Artery; their guards catch repeats through it. When the store node crashes, the agents keep answering
 * turns, their lookups time out within the budget and the steps run unguarded, and the step records say so.
 */
class RemoteStoreClusterTest {

  static final int AGENTS = 4;
  final List<ActorSystem<Void>> nodes = new ArrayList<>();

  @AfterEach
  void shutdown() throws Exception {
    ShardedAgentClusterTest.terminate(nodes);
  }

  static AgentSpec.Builder spec(String id) {
    // no budget: the first cross-node lookups run cold, and this test is about where the memory lives; a dead
    // store's lookups then wait the networked timeout each
    AgentConfig config = AgentConfigs.agent(ConfigFactory.parseString(
        "memloop.agent { policy = networked, memory.store = remote, networked.timeout = 300ms }")
        .withFallback(ConfigFactory.load())).withEmbedder(EmbedderChoice.parse("hashing")).withBudget(null);
    return AgentSpec.builder(id).config(config).threshold(0.999).embedder(ShardedAgentClusterTest.EMBEDDER)
        .reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).timer(HighResolutionTimer.shared()).seed(1);
  }

  @Test
  void should_guard_through_a_store_on_another_node_and_run_unguarded_once_that_node_dies() throws Exception {
    Config store = ConfigFactory.parseString("""
        pekko.cluster.roles = [store]
        pekko.coordinated-shutdown.run-by-actor-system-terminate = off
        pekko.cluster.run-coordinated-shutdown-when-down = off
        """).withFallback(ShardedAgentClusterTest.CLUSTER);
    Config agents = ConfigFactory.parseString("pekko.cluster.roles = [agents]").withFallback(ShardedAgentClusterTest.CLUSTER);
    for (Config config : List.of(agents, agents, store)) {
      nodes.add(ActorSystem.create(Behaviors.empty(), "memloop", config));
    }
    ActorSystem<Void> storeNode = nodes.get(2);
    ActorRef<StoreHost.Command> host = storeNode.systemActorOf(StoreHost.create(
        () -> WorkingMemory.builder(ShardedAgentClusterTest.EMBEDDER).threadSafe().build(), Duration.ZERO, null),
        "store-host", org.apache.pekko.actor.typed.Props.empty());
    for (ActorSystem<Void> node : nodes) {
      Cluster.get(node).manager().tell(Join.create(Cluster.get(nodes.get(0)).selfMember().address()));
      AgentSharding.initOnRole(node, RemoteStoreClusterTest::spec);
    }
    await().atMost(Duration.ofSeconds(60)).until(() -> nodes.stream()
        .allMatch(n -> ShardedAgentClusterTest.countUp(Cluster.get(n)) == 3));

    for (int t = 0; t < 2; t++) {
      for (int a = 0; a < AGENTS; a++) {
        TurnResult result = ShardedAgentClusterTest.run(nodes.get(0), "agent-" + a, t);
        assertThat(result.aborted()).as("agent-%d turn %d", a, t).isFalse();
        if (t == 1) {
          assertThat(result.steps().get(2).guard().outcome()).as("agent-%d: the repeat, caught through the remote store", a)
              .isEqualTo(GuardOutcome.HIT);
        }
      }
    }
    for (int a = 0; a < AGENTS; a++) {
      assertThat(storedOnStoreNode(storeNode, host, "agent-" + a)).as("agent-%d's lines live on the store node", a)
          .isEqualTo(4);
    }

    storeNode.terminate(); // a crash: no leave; the split brain resolver downs it
    storeNode.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
    await().atMost(Duration.ofSeconds(60)).until(() -> ShardedAgentClusterTest.countUp(Cluster.get(nodes.get(0))) == 2
        && Cluster.get(nodes.get(0)).state().getUnreachable().isEmpty());
    for (int a = 0; a < AGENTS; a++) {
      TurnResult result = ShardedAgentClusterTest.run(nodes.get(1), "agent-" + a, 2);
      assertThat(result.aborted()).as("agent-%d answers its turn without its store", a).isFalse();
      assertThat(result.executed()).as("agent-%d: every action ran, unguarded", a).isEqualTo(3);
      assertThat(result.count(GuardOutcome.HIT) + result.count(GuardOutcome.MISS)).as("no lookup answered").isZero();
      assertThat(result.count(GuardOutcome.TIMED_OUT)).as("agent-%d says its lookups timed out", a).isPositive();
    }
  }

  static int storedOnStoreNode(ActorSystem<?> node, ActorRef<StoreHost.Command> host, String agentId) throws Exception {
    StoreHost.Opened opened = AskPattern.<StoreHost.Command, StoreHost.Opened>ask(host,
        replyTo -> new StoreHost.Open(agentId, replyTo), Duration.ofSeconds(10), node.scheduler())
        .toCompletableFuture().get(30, TimeUnit.SECONDS);
    MemoryStore.Reply reply = AskPattern.<MemoryStore.Command, MemoryStore.Reply>ask(opened.store(),
        replyTo -> new MemoryStore.GetStats(1, replyTo), Duration.ofSeconds(10), node.scheduler())
        .toCompletableFuture().get(30, TimeUnit.SECONDS);
    return ((MemoryStore.StatsReply) reply).stats().size();
  }
}
