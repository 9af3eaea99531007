package dev.memloop.runtime.cluster;

import dev.memloop.runtime.config.EmbedderChoice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.apache.pekko.cluster.typed.Leave;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three nodes in one JVM on 127.0.0.1 form a cluster; sharded per-step agents run two turns; one node leaves;
 * the agents it hosted resume on the others with every item of their memory (their guards still catch repeats
 * of what they did before the move) and the last two turns run. Messages between nodes are serialized (Jackson
 * CBOR; Java serialization is off).
 */
class ShardedAgentClusterTest {

  static final Config CLUSTER = ConfigFactory.parseString("""
      pekko.actor.provider = cluster
      pekko.actor.allow-java-serialization = off
      pekko.remote.artery.canonical.hostname = 127.0.0.1
      pekko.remote.artery.canonical.port = 0
      pekko.cluster.jmx.multi-mbeans-in-same-jvm = on
      pekko.cluster.downing-provider-class = "org.apache.pekko.cluster.sbr.SplitBrainResolverProvider"
      pekko.cluster.split-brain-resolver.stable-after = 3s
      pekko.cluster.sharding.number-of-shards = 30
      pekko.cluster.distributed-data.gossip-interval = 200ms
      pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off
      pekko.loglevel = WARNING
      """).withFallback(ConfigFactory.load());
  static final int AGENTS = 12;
  static final HashingEmbedder EMBEDDER = new HashingEmbedder(128);

  final List<ActorSystem<Void>> nodes = new ArrayList<>();

  @AfterEach
  void shutdown() throws Exception {
    terminate(nodes);
  }

  /** Stops every node at once and waits for each: the cluster tests' teardown. */
  static void terminate(List<ActorSystem<Void>> nodes) throws Exception {
    for (ActorSystem<Void> node : nodes) {
      node.terminate();
    }
    for (ActorSystem<Void> node : nodes) {
      node.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
    }
  }

  static AgentSpec.Builder spec(String id) {
    AgentConfig config = AgentConfigs.agent(ConfigFactory.load()).withEmbedder(EmbedderChoice.parse("hashing"))
        .withPolicy(MemoryPolicyKind.PER_STEP).withBudget(null);
    return AgentSpec.builder(id).config(config).threshold(0.999).embedder(EMBEDDER)
        .reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).timer(HighResolutionTimer.shared()).seed(1);
  }

  /** Turn t: two new lines, and a repeat of one line of turn t - 1 (caught only if the memory came along). */
  static Turn turn(String agent, int t) {
    List<Observation> observations = new ArrayList<>();
    observations.add(new Observation(agent + "-" + t + "-0", "investigate host=" + agent + "-t" + t + " sig=a"));
    observations.add(new Observation(agent + "-" + t + "-1", "investigate host=" + agent + "-t" + t + " sig=b"));
    if (t > 0) {
      observations.add(new Observation(agent + "-" + t + "-2", "investigate host=" + agent + "-t" + (t - 1) + " sig=b"));
    }
    return new Turn(t, observations);
  }

  static TurnResult run(ActorSystem<?> via, String agent, int t) throws Exception {
    return AgentSharding.agent(via, agent).<TurnResult>ask(replyTo -> new ShardedAgent.RunTurn(turn(agent, t), replyTo),
        Duration.ofSeconds(30)).toCompletableFuture().get(1, TimeUnit.MINUTES);
  }

  /** Three nodes, the last one configured by {@code lastNode}; every agent runs turns 0 and 1. */
  List<String> formClusterAndRunTwoTurns(Config lastNode) throws Exception {
    for (int n = 0; n < 3; n++) {
      nodes.add(ActorSystem.create(Behaviors.empty(), "memloop", n == 2 ? lastNode : CLUSTER));
    }
    Cluster first = Cluster.get(nodes.get(0));
    for (ActorSystem<Void> node : nodes) {
      Cluster.get(node).manager().tell(Join.create(first.selfMember().address()));
      AgentSharding.init(node, ShardedAgentClusterTest::spec);
    }
    await().atMost(Duration.ofSeconds(60)).until(() -> nodes.stream().allMatch(n -> countUp(Cluster.get(n)) == 3));
    List<String> agents = new ArrayList<>();
    for (int a = 0; a < AGENTS; a++) {
      agents.add("agent-" + a);
    }
    for (int t = 0; t < 2; t++) {
      for (String agent : agents) {
        assertThat(run(nodes.get(0), agent, t).aborted()).isFalse();
      }
    }
    return agents;
  }

  /** Turns 2 and 3 through the surviving nodes: every repeat of the turn before is caught, nothing is lost. */
  void runLastTwoTurnsAndCheckMemories(List<String> agents) throws Exception {
    for (int t = 2; t < 4; t++) {
      for (String agent : agents) {
        TurnResult result = run(nodes.get(t % 2), agent, t);
        assertThat(result.aborted()).as(agent + " turn " + t).isFalse();
        StepRecord repeat = result.steps().get(2);
        assertThat(repeat.guard().outcome()).as(agent + " turn " + t + ": the repeat of turn " + (t - 1)).isEqualTo(GuardOutcome.HIT);
        assertThat(repeat.executed()).isFalse();
      }
    }
    TurnResult retry = run(nodes.get(1), agents.get(0), 3);
    assertThat(retry.steps()).as("a retried turn is answered again, not run again").hasSize(3);
    for (String agent : agents) {
      AgentSnapshot snapshot = AgentSharding.agent(nodes.get(1), agent).<AgentSnapshot>ask(ShardedAgent.GetSnapshot::new,
          Duration.ofSeconds(30)).toCompletableFuture().get(1, TimeUnit.MINUTES);
      assertThat(snapshot.turnsCompleted()).as(agent).isEqualTo(4);
      assertThat(snapshot.items()).as(agent + ": two new lines per turn, none lost").hasSize(8);
      Set<String> ids = new HashSet<>(snapshot.items().stream().map(MemoryItem::id).toList());
      assertThat(ids).as("ids stay unique").hasSize(8);
    }
  }

  @Test
  void should_move_agents_with_their_memory_when_a_node_leaves() throws Exception {
    List<String> agents = formClusterAndRunTwoTurns(CLUSTER);
    ActorSystem<Void> leaving = nodes.get(2);
    Set<String> moving = hostedBy(leaving);
    assertThat(moving).as("the leaving node hosts agents that must move").isNotEmpty();
    Cluster.get(leaving).manager().tell(Leave.create(Cluster.get(leaving).selfMember().address()));
    leaving.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
    await().atMost(Duration.ofSeconds(60)).until(() -> countUp(Cluster.get(nodes.get(0))) == 2);
    runLastTwoTurnsAndCheckMemories(agents);
    for (String agent : agents) {
      Handoff handoff = AgentSharding.agent(nodes.get(0), agent).<Handoff>ask(ShardedAgent.GetHandoff::new,
          Duration.ofSeconds(30)).toCompletableFuture().get(1, TimeUnit.MINUTES);
      boolean moved = moving.contains(agent);
      assertThat(handoff.turnsCompleted()).as(agent + (moved ? " resumed after two turns" : " never moved"))
          .isEqualTo(moved ? 2 : 0);
      assertThat(handoff.items()).as(agent + ": the items it brought").isEqualTo(moved ? 4 : 0);
      assertThat(handoff.readyNanos()).as(agent + ": ready after its read").isGreaterThanOrEqualTo(handoff.readNanos());
      assertThat(handoff.node()).as(agent).isNotEqualTo(leaving.address().toString());
    }
  }

  @Test
  void should_resume_a_crashed_node_s_agents_elsewhere_from_their_last_turn_end() throws Exception {
    // the third node dies without leaving (no coordinated shutdown): the others see it unreachable, the split
    // brain resolver downs it, and its agents restart elsewhere from the snapshots replicated at turn end
    Config crashing = ConfigFactory.parseString("pekko.coordinated-shutdown.run-by-actor-system-terminate = off\n"
        + "pekko.cluster.run-coordinated-shutdown-when-down = off").withFallback(CLUSTER);
    List<String> agents = formClusterAndRunTwoTurns(crashing);
    ActorSystem<Void> crashed = nodes.get(2);
    Set<String> moved = hostedBy(crashed);
    assertThat(moved).as("the crashing node hosts agents").isNotEmpty();
    crashed.terminate();
    crashed.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
    await().atMost(Duration.ofSeconds(60)).until(() -> countUp(Cluster.get(nodes.get(0))) == 2
        && Cluster.get(nodes.get(0)).state().getUnreachable().isEmpty());
    for (String agent : moved) {
      // turn 1 again, as a sender whose answer was lost in the crash would send it: the agent's new incarnation
      // answers from what was kept at that turn's end, and runs nothing
      TurnResult again = run(nodes.get(0), agent, 1);
      assertThat(again.turn()).isEqualTo(1);
      assertThat(again.steps()).as(agent + ": the answer kept at turn 1's end").hasSize(3);
      AgentSnapshot snapshot = AgentSharding.agent(nodes.get(0), agent).<AgentSnapshot>ask(ShardedAgent.GetSnapshot::new,
          Duration.ofSeconds(30)).toCompletableFuture().get(1, TimeUnit.MINUTES);
      assertThat(snapshot.turnsCompleted()).as(agent + ": turn 1 not run a second time").isEqualTo(2);
    }
    runLastTwoTurnsAndCheckMemories(agents);
  }

  static Set<String> hostedBy(ActorSystem<?> node) throws Exception {
    org.apache.pekko.cluster.sharding.ShardRegion.CurrentShardRegionState state = org.apache.pekko.actor.typed.javadsl
        .AskPattern.<org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery,
            org.apache.pekko.cluster.sharding.ShardRegion.CurrentShardRegionState>ask(
            org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding.get(node).shardState(),
            replyTo -> new org.apache.pekko.cluster.sharding.typed.GetShardRegionState(ShardedAgent.TYPE, replyTo),
            Duration.ofSeconds(10), node.scheduler()).toCompletableFuture().get(30, TimeUnit.SECONDS);
    Set<String> ids = new HashSet<>();
    state.getShards().forEach(shard -> ids.addAll(shard.getEntityIds()));
    return ids;
  }

  static long countUp(Cluster cluster) { // as ClusterNodes.upMembers, from a test's Cluster handle
    long up = 0;
    for (org.apache.pekko.cluster.Member m : cluster.state().getMembers()) {
      if (m.status() == MemberStatus.up()) {
        up++;
      }
    }
    return up;
  }
}
