package dev.memloop.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.typesafe.config.Config;
import dev.memloop.memory.MemoryItem;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.TurnResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole cluster stopped and started again on the same data directories (Distributed Data's durable LMDB store):
 * every agent comes back with every item, under the same ids, at the turn it had reached, and a retry of its last
 * turn is answered from what was kept, not run again.
 */
class DurableAgentsClusterTest {

  static final int AGENTS = 6;

  @TempDir
  Path data;

  final List<ActorSystem<Void>> nodes = new ArrayList<>();

  @AfterEach
  void shutdown() throws Exception {
    ShardedAgentClusterTest.terminate(nodes);
  }

  private void startCluster() throws Exception {
    for (int n = 0; n < 3; n++) {
      Config node = ClusterNodes.durable(ShardedAgentClusterTest.CLUSTER, data.resolve("node-" + n));
      nodes.add(ActorSystem.create(Behaviors.empty(), "memloop", node));
    }
    Cluster first = Cluster.get(nodes.get(0));
    for (ActorSystem<Void> node : nodes) {
      Cluster.get(node).manager().tell(Join.create(first.selfMember().address()));
      AgentSharding.init(node, ShardedAgentClusterTest::spec);
    }
    await().atMost(Duration.ofSeconds(60)).until(() -> nodes.stream()
        .allMatch(n -> ShardedAgentClusterTest.countUp(Cluster.get(n)) == 3));
  }

  private AgentSnapshot snapshot(String agent) throws Exception {
    return AgentSharding.agent(nodes.get(0), agent).<AgentSnapshot>ask(ShardedAgent.GetSnapshot::new,
        Duration.ofSeconds(30)).toCompletableFuture().get(1, TimeUnit.MINUTES);
  }

  @Test
  void should_bring_every_agent_back_with_its_memory_after_the_whole_cluster_stops() throws Exception {
    startCluster();
    Map<String, List<String>> idsBefore = new HashMap<>();
    for (int a = 0; a < AGENTS; a++) {
      String agent = "durable-" + a;
      for (int t = 0; t < 2; t++) {
        assertThat(ShardedAgentClusterTest.run(nodes.get(t), agent, t).aborted()).isFalse();
      }
      idsBefore.put(agent, snapshot(agent).items().stream().map(MemoryItem::id).toList());
    }
    ShardedAgentClusterTest.terminate(nodes); // every node at once; the turn ends were on each node's disk
    nodes.clear();
    assertThat(Files.list(data.resolve("node-0")).toList()).as("the durable store's files").isNotEmpty();

    startCluster();
    for (int a = 0; a < AGENTS; a++) {
      String agent = "durable-" + a;
      AgentSnapshot back = snapshot(agent);
      assertThat(back.items()).extracting(MemoryItem::id).as(agent + ": every item, the same ids")
          .containsExactlyElementsOf(idsBefore.get(agent));
      assertThat(back.turnsCompleted()).as(agent).isEqualTo(2);
      TurnResult retry = ShardedAgentClusterTest.run(nodes.get(1), agent, 1);
      assertThat(retry.turn()).isEqualTo(1);
      assertThat(snapshot(agent).turnsCompleted()).as(agent + ": its last turn answered from what was kept")
          .isEqualTo(2);
      TurnResult next = ShardedAgentClusterTest.run(nodes.get(2), agent, 2);
      assertThat(next.steps().get(2).guard().outcome()).as(agent + ": the repeat of turn 1, caught")
          .isEqualTo(GuardOutcome.HIT);
    }
  }
}
