package dev.memloop.bench.benchmarks.durability;

import com.typesafe.config.Config;
import dev.memloop.runtime.CompactSnapshot;
import dev.memloop.runtime.cluster.AgentSharding;
import dev.memloop.runtime.cluster.ClusterNodes;
import dev.memloop.runtime.cluster.DurableAgent;
import dev.memloop.runtime.cluster.ShardedAgent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.ddata.LWWRegister;
import org.apache.pekko.cluster.ddata.SelfUniqueAddress;
import org.apache.pekko.cluster.ddata.typed.javadsl.DistributedData;
import org.apache.pekko.cluster.ddata.typed.javadsl.Replicator;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.apache.pekko.serialization.SerializationExtension;

/**
 * The runtime's durability, as a sharded agent does it: at each turn end the whole {@link DurableAgent} (compact
 * memory, turn and answer) written to Distributed Data with write-majority, on a node whose durable store (LMDB,
 * {@link ClusterNodes#durable}) has it on disk before the write is acknowledged. One node here, so the majority
 * is the node itself: the cost measured is the value's encoding and the disk, not the replicas' round trips.
 * Restored by a new node on the same directory: its replicator loads every durable entry, then each agent is read.
 */
final class DdataDurability {

  static final Duration WRITE = Duration.ofSeconds(30);

  private DdataDurability() {}

  static ArmResult measure(RecordedTurns recorded, Path dir, Config base) throws Exception {
    long[] turnEnds = new long[recorded.agents() * recorded.turns()];
    long bytes = 0;
    ActorSystem<Void> node = start(dir, base);
    try {
      ActorRef<Replicator.Command> replicator = DistributedData.get(node).replicator();
      SelfUniqueAddress self = DistributedData.get(node).selfUniqueAddress();
      int n = 0;
      for (int t = 0; t < recorded.turns(); t++) {
        for (int a = 0; a < recorded.agents(); a++) {
          RecordedTurns.TurnEnd end = recorded.end(a, t);
          String id = RecordedTurns.agentId(a);
          long t0 = System.nanoTime();
          DurableAgent kept = new DurableAgent(CompactSnapshot.of(end.memory()), end.turn(), end.answer());
          Replicator.UpdateResponse<LWWRegister<DurableAgent>> response = AskPattern.<Replicator.Command,
                  Replicator.UpdateResponse<LWWRegister<DurableAgent>>>ask(replicator,
                  replyTo -> new Replicator.Update<>(ShardedAgent.key(id), LWWRegister.create(self, kept),
                      new Replicator.WriteMajority(WRITE), replyTo, current -> current.withValue(self, kept)),
                  WRITE.plusSeconds(1), node.scheduler())
              .toCompletableFuture().get(WRITE.toSeconds() + 2, TimeUnit.SECONDS);
          turnEnds[n++] = System.nanoTime() - t0;
          if (!(response instanceof Replicator.UpdateSuccess)) {
            throw new IllegalStateException("agent " + id + ": turn " + t + " not written: " + response);
          }
          bytes += SerializationExtension.get(node).serialize(kept).get().length;
        }
      }
    } finally {
      stop(node);
    }

    long started = System.nanoTime();
    ActorSystem<Void> restarted = start(dir, base);
    try {
      long ready = System.nanoTime();
      ActorRef<Replicator.Command> replicator = DistributedData.get(restarted).replicator();
      long items = 0;
      int answers = 0;
      for (int a = 0; a < recorded.agents(); a++) {
        String id = RecordedTurns.agentId(a);
        Replicator.GetResponse<LWWRegister<DurableAgent>> response = AskPattern.<Replicator.Command,
                Replicator.GetResponse<LWWRegister<DurableAgent>>>ask(replicator,
                replyTo -> new Replicator.Get<>(ShardedAgent.key(id), Replicator.readLocal(), replyTo),
                WRITE, restarted.scheduler())
            .toCompletableFuture().get(WRITE.toSeconds() + 1, TimeUnit.SECONDS);
        if (response instanceof Replicator.GetSuccess<LWWRegister<DurableAgent>> found) {
          DurableAgent agent = found.get(ShardedAgent.key(id)).getValue();
          items += agent.memory().restore().items().size(); // what a sharded agent does before it starts
          RecordedTurns.TurnEnd last = recorded.end(a, recorded.turns() - 1);
          if (last.turn().equals(agent.lastTurn()) && agent.lastAnswer() != null) {
            answers++;
          }
        }
      }
      long restored = System.nanoTime();
      return new ArmResult("Distributed Data, durable (LMDB)", recorded.agents(), turnEnds, bytes, ready - started,
          restored - ready, items, recorded.itemsAtEnd(), answers);
    } finally {
      stop(restarted);
    }
  }

  /** A one-node cluster with the durable store in {@code dir}, Up. */
  private static ActorSystem<Void> start(Path dir, Config base) throws Exception {
    Config config = ClusterNodes.durable(ClusterNodes.config("127.0.0.1", 0, List.of(), List.of(AgentSharding.ROLE),
        base), dir);
    ActorSystem<Void> node = ActorSystem.create(Behaviors.empty(), ClusterNodes.SYSTEM, config);
    Cluster cluster = Cluster.get(node);
    cluster.manager().tell(Join.create(cluster.selfMember().address()));
    long deadline = System.nanoTime() + WRITE.toNanos();
    while (cluster.selfMember().status() != MemberStatus.up()) {
      if (System.nanoTime() - deadline > 0) {
        stop(node);
        throw new TimeoutException("a one-node cluster was not Up within " + WRITE.toSeconds() + " s");
      }
      Thread.sleep(10);
    }
    return node;
  }

  private static void stop(ActorSystem<Void> node) throws Exception {
    node.terminate();
    node.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
  }
}
