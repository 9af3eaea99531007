package dev.memloop.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.memloop.blackboard.Blackboard;
import dev.memloop.blackboard.BlackboardSetup;
import dev.memloop.memory.Recall;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three nodes in one JVM, each with its replica of one blackboard and two writer threads posting to it at the
 * same time: every acknowledged post becomes readable on every node through that node's local view, once; and a
 * node that joins after the posts gets them all through Distributed Data, the direct messages having gone only to
 * the members of the time.
 */
@org.junit.jupiter.api.extension.ExtendWith(org.apache.pekko.actor.testkit.typed.javadsl.LogCapturingExtension.class)
class ReplicatedBoardClusterTest {

  static final int WRITERS_PER_NODE = 2;
  static final int POSTS_PER_WRITER = 60;

  final List<ActorSystem<Void>> nodes = new ArrayList<>();
  final List<BlackboardSetup> boards = new ArrayList<>();
  final ExecutorService writers = Executors.newFixedThreadPool(6);

  @AfterEach
  void shutdown() throws Exception {
    writers.shutdownNow();
    ShardedAgentClusterTest.terminate(nodes);
    boards.forEach(BlackboardSetup::close);
  }

  @Test
  void should_bring_every_acknowledged_post_to_every_node_once() throws Exception {
    List<ReplicatedBoard.Handle> handles = new ArrayList<>();
    List<io.micrometer.core.instrument.MeterRegistry> registries = new ArrayList<>();
    for (int n = 0; n < 3; n++) {
      ActorSystem<Void> node = ActorSystem.create(Behaviors.empty(), "memloop", ShardedAgentClusterTest.CLUSTER);
      nodes.add(node);
      BlackboardSetup board = BlackboardSetup.of(ShardedAgentClusterTest.EMBEDDER);
      boards.add(board);
      var registry = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
      registries.add(registry);
      handles.add(ReplicatedBoard.start(node, board, "board", new dev.memloop.runtime.cluster.NodeMetrics(registry,
          "node-" + n, dev.memloop.runtime.policy.MemoryPolicyKind.PER_STEP)));
    }
    for (ActorSystem<Void> node : nodes) {
      Cluster.get(node).manager().tell(Join.create(Cluster.get(nodes.get(0)).selfMember().address()));
    }
    await().atMost(Duration.ofSeconds(60)).until(() -> nodes.stream()
        .allMatch(n -> ShardedAgentClusterTest.countUp(Cluster.get(n)) == 3));

    Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    List<CompletableFuture<Void>> done = new ArrayList<>();
    for (int n = 0; n < 3; n++) {
      for (int w = 0; w < WRITERS_PER_NODE; w++) {
        int node = n;
        int writer = w;
        done.add(CompletableFuture.runAsync(() -> post(node, writer, handles.get(node), acknowledged), writers));
      }
    }
    CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(2, TimeUnit.MINUTES);
    assertThat(acknowledged).hasSize(3 * WRITERS_PER_NODE * POSTS_PER_WRITER);

    // replication is eventual: wait until every node holds as many posts as were acknowledged, then check each
    await().atMost(Duration.ofSeconds(60)).until(() -> boards.stream().allMatch(b -> b.view().size() >= acknowledged.size()));
    for (int n = 0; n < 3; n++) {
      BlackboardSetup board = boards.get(n);
      assertThat(board.view().size()).as("node %d: no post twice", n).isEqualTo(acknowledged.size());
      for (String text : acknowledged) {
        Optional<Recall> found = board.view().match(text, 0.999);
        assertThat(found.isPresent() && found.get().text().equals(text)).as("node %d reads '%s'", n, text).isTrue();
      }
      Replication replication = AskPattern.<ReplicatedBoard.GetReplication, Replication>ask(handles.get(n).replication(),
          ReplicatedBoard.GetReplication::new, Duration.ofSeconds(10), nodes.get(n).scheduler())
          .toCompletableFuture().get(30, TimeUnit.SECONDS);
      assertThat(replication.postedHere()).isEqualTo(WRITERS_PER_NODE * POSTS_PER_WRITER);
      assertThat(replication.arrived()).as("node %d: the other nodes' posts, each once", n)
          .isEqualTo(2L * WRITERS_PER_NODE * POSTS_PER_WRITER);
      var propagation = registries.get(n).get(dev.memloop.runtime.metrics.MetricNames.BOARD_PROPAGATION).timer();
      assertThat(propagation.count()).as("node %d: every arrival's delay, live", n).isEqualTo(replication.arrived());
      // the replica's own histogram keeps 3 significant digits: the same maximum, to its precision
      assertThat(propagation.max(TimeUnit.MICROSECONDS)).as("recorded in its unit").isCloseTo(
          (double) replication.propagationMaxMicros(), org.assertj.core.data.Percentage.withPercentage(0.2));
    }
  }

  @Test
  void should_bring_earlier_posts_to_a_node_that_joins_later_through_distributed_data_alone() throws Exception {
    List<ReplicatedBoard.Handle> handles = new ArrayList<>();
    for (int n = 0; n < 3; n++) {
      nodes.add(ActorSystem.create(Behaviors.empty(), "memloop", ShardedAgentClusterTest.CLUSTER));
      boards.add(BlackboardSetup.of(ShardedAgentClusterTest.EMBEDDER));
      handles.add(ReplicatedBoard.start(nodes.get(n), boards.get(n), "board"));
    }
    for (int n = 0; n < 2; n++) {
      Cluster.get(nodes.get(n)).manager().tell(Join.create(Cluster.get(nodes.get(0)).selfMember().address()));
    }
    await().atMost(Duration.ofSeconds(60)).until(() -> ShardedAgentClusterTest.countUp(Cluster.get(nodes.get(1))) == 2);
    Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    post(0, 0, handles.get(0), acknowledged);
    post(1, 0, handles.get(1), acknowledged);
    assertThat(boards.get(2).view().size()).as("not yet a member: nothing sent to it").isZero();

    // the direct messages went to the two members only; the newcomer's replica has gossip alone
    Cluster.get(nodes.get(2)).manager().tell(Join.create(Cluster.get(nodes.get(0)).selfMember().address()));
    await().atMost(Duration.ofSeconds(60)).until(() -> boards.get(2).view().size() >= acknowledged.size());
    assertThat(boards.get(2).view().size()).isEqualTo(acknowledged.size());
    for (String text : acknowledged) {
      assertThat(boards.get(2).view().match(text, 0.999).isPresent()).as("the newcomer reads '%s'", text).isTrue();
    }
    Replication newcomer = AskPattern.<ReplicatedBoard.GetReplication, Replication>ask(handles.get(2).replication(),
        ReplicatedBoard.GetReplication::new, Duration.ofSeconds(10), nodes.get(2).scheduler())
        .toCompletableFuture().get(30, TimeUnit.SECONDS);
    assertThat(newcomer.arrived()).isEqualTo(acknowledged.size());
    assertThat(newcomer.arrivedDirect()).as("all by gossip").isZero();
  }

  /** One writer's posts, each acknowledged before the next; the texts are unique across the cluster. */
  void post(int node, int writer, ReplicatedBoard.Handle handle, Set<String> acknowledged) {
    for (int p = 0; p < POSTS_PER_WRITER; p++) {
      String text = "escalate incident node" + node + " writer" + writer + " post" + p;
      long id = p;
      Blackboard.PostReply reply = AskPattern.<Blackboard.Command, Blackboard.PostReply>ask(handle.board(),
          replyTo -> new Blackboard.Post(id, "w" + node + "-" + writer, text, null, null, replyTo),
          Duration.ofSeconds(20), nodes.get(node).scheduler()).toCompletableFuture().join();
      if (reply instanceof Blackboard.Posted) {
        acknowledged.add(text);
      }
    }
  }
}
