package dev.memloop.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.runtime.metrics.MetricNames;
import dev.memloop.runtime.cluster.NodeMetrics;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A node's meters for the sharded agents it hosts: turns counted as they are answered (a retry answered from the
 * kept answer is not a turn), agents hosted while they run, and, after sharding passivated an idle agent, its
 * return from its replicated snapshot counted as a handoff.
 */
class NodeMetricsClusterTest {

  static final Config NODE = ConfigFactory.parseString("""
      pekko.cluster.roles = [agents]
      pekko.cluster.sharding.passivation.default-idle-strategy.idle-entity.timeout = 1s
      """).withFallback(ShardedAgentClusterTest.CLUSTER);

  ActorSystem<Void> node;

  @AfterEach
  void shutdown() throws Exception {
    ShardedAgentClusterTest.terminate(List.of(node));
  }

  @Test
  void should_count_turns_agents_hosted_and_handoffs() throws Exception {
    node = ActorSystem.create(Behaviors.empty(), "memloop", NODE);
    Cluster.get(node).manager().tell(Join.create(Cluster.get(node).selfMember().address()));
    await().atMost(Duration.ofSeconds(30)).until(() -> Cluster.get(node).selfMember().status() == MemberStatus.up());
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    NodeMetrics metrics = new NodeMetrics(registry, "node-1", MemoryPolicyKind.PER_STEP);
    AgentSharding.initOnRole(node, ShardedAgentClusterTest::spec, metrics);

    for (String agent : List.of("a-0", "a-1", "a-2")) {
      ShardedAgentClusterTest.run(node, agent, 0);
      ShardedAgentClusterTest.run(node, agent, 1);
    }
    ShardedAgentClusterTest.run(node, "a-0", 1); // a retry of the last turn: answered, not run
    assertThat(turns(registry)).isEqualTo(6);
    assertThat(metrics.hosted()).isEqualTo(3);
    assertThat(registry.get(MetricNames.AGENTS_HOSTED).gauge().value()).isEqualTo(3);

    // idle for its timeout, each agent is passivated by sharding; the next turn brings it back from its snapshot
    await().atMost(Duration.ofSeconds(30)).until(() -> metrics.hosted() == 0);
    ShardedAgentClusterTest.run(node, "a-1", 2);
    assertThat(metrics.hosted()).isEqualTo(1);
    assertThat(registry.get(MetricNames.HANDOFFS).counter().count()).isEqualTo(1);
    assertThat(turns(registry)).isEqualTo(7);
  }

  private static double turns(SimpleMeterRegistry registry) {
    return registry.get(MetricNames.TURNS).tag(MetricNames.GROUP, "node-1").counter().count();
  }
}
