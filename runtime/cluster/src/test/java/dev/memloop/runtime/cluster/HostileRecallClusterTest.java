package dev.memloop.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.actor.StoreQuery;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.actor.MemoryStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A peer's {@code Search} with {@code k = Integer.MAX_VALUE}, sent over Artery to a store on another node: the
 * store answers with every item it has, and the node stays up and keeps answering (before, the request was an
 * OutOfMemoryError, and Pekko exits the JVM on one).
 */
class HostileRecallClusterTest {

  final List<ActorSystem<Void>> nodes = new ArrayList<>();

  @AfterEach
  void shutdown() throws Exception {
    ShardedAgentClusterTest.terminate(nodes);
  }

  @Test
  void should_answer_a_recall_of_integer_max_value_items_and_stay_up() throws Exception {
    Config store = ConfigFactory.parseString("pekko.cluster.roles = [store]")
        .withFallback(ShardedAgentClusterTest.CLUSTER);
    Config peer = ConfigFactory.parseString("pekko.cluster.roles = [driver]")
        .withFallback(ShardedAgentClusterTest.CLUSTER);
    nodes.add(ActorSystem.create(Behaviors.empty(), "memloop", store));
    nodes.add(ActorSystem.create(Behaviors.empty(), "memloop", peer));
    nodes.get(0).systemActorOf(StoreHost.create(
        () -> WorkingMemory.builder(ShardedAgentClusterTest.EMBEDDER).threadSafe().build(), Duration.ZERO, null),
        "store-host", org.apache.pekko.actor.typed.Props.empty());
    for (ActorSystem<Void> node : nodes) {
      Cluster.get(node).manager().tell(Join.create(Cluster.get(nodes.get(0)).selfMember().address()));
    }
    ActorSystem<Void> from = nodes.get(1);
    await().atMost(Duration.ofSeconds(60)).until(() -> ShardedAgentClusterTest.countUp(Cluster.get(from)) == 2
        && !hosts(from).isEmpty());
    ActorRef<StoreHost.Command> host = hosts(from).iterator().next();
    StoreHost.Opened opened = AskPattern.<StoreHost.Command, StoreHost.Opened>ask(host,
        replyTo -> new StoreHost.Open("agent-0", replyTo), Duration.ofSeconds(10), from.scheduler())
        .toCompletableFuture().get(30, TimeUnit.SECONDS);
    ActorRef<MemoryStore.Command> remote = opened.store();
    for (String line : List.of("restart the web tier", "page the on-call", "rotate the credentials")) {
      assertThat(ask(from, remote, replyTo -> new MemoryStore.Add(1, line, null, Map.of(), replyTo)))
          .isInstanceOf(MemoryStore.Added.class);
    }

    MemoryStore.Reply huge = ask(from, remote, replyTo -> new MemoryStore.Search(2,
        StoreQuery.text("restart the web tier", Integer.MAX_VALUE, MemoryQuery.NO_MINIMUM), replyTo));
    assertThat(huge).isInstanceOf(MemoryStore.Recalled.class);
    assertThat(((MemoryStore.Recalled) huge).items()).hasSize(3);

    MemoryStore.Reply after = ask(from, remote, replyTo -> new MemoryStore.Search(3,
        StoreQuery.text("page the on-call", 1, MemoryQuery.NO_MINIMUM), replyTo));
    assertThat(((MemoryStore.Recalled) after).items()).as("the store node is still up and answering").hasSize(1);
    assertThat(nodes.get(0).getWhenTerminated().toCompletableFuture().isDone()).isFalse();
  }

  private static Set<ActorRef<StoreHost.Command>> hosts(ActorSystem<?> node) throws Exception {
    Receptionist.Listing listing = AskPattern.<Receptionist.Command, Receptionist.Listing>ask(node.receptionist(),
        replyTo -> Receptionist.find(StoreHost.KEY, replyTo), Duration.ofSeconds(5), node.scheduler())
        .toCompletableFuture().get(10, TimeUnit.SECONDS);
    return listing.getServiceInstances(StoreHost.KEY);
  }

  private static MemoryStore.Reply ask(ActorSystem<?> node, ActorRef<MemoryStore.Command> store,
      java.util.function.Function<ActorRef<MemoryStore.Reply>, MemoryStore.Command> request) throws Exception {
    return AskPattern.ask(store, request::apply, Duration.ofSeconds(10), node.scheduler()).toCompletableFuture()
        .get(30, TimeUnit.SECONDS);
  }
}
