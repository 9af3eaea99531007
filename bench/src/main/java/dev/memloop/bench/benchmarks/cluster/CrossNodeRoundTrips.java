package dev.memloop.bench.benchmarks.cluster;

import com.typesafe.config.Config;
import dev.memloop.blackboard.Blackboard;
import dev.memloop.blackboard.BlackboardSetup;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.memory.embed.HashingEmbedder;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.cluster.AgentSharding;
import dev.memloop.runtime.cluster.ReplicatedBoard;
import dev.memloop.runtime.cluster.Replication;
import dev.memloop.runtime.cluster.StoreHost;
import dev.memloop.workloads.vectors.VectorSets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorRefResolver;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * Round trips that cross nodes, each beside its same-node counterpart in one run: a guard's lookup to a
 * {@code MemoryStore} on the agent's node and on a store node (sent from an actor as an agent sends them, the two
 * targets taking turns, so both see the same machine),
 * and a blackboard post acknowledged after its majority write, with the delay until the other nodes can read it.
 */
final class CrossNodeRoundTrips {

  static final int DIMENSION = 256;
  private static final Duration ASK = Duration.ofSeconds(10);

  /** Lookup latency in microseconds on the same node and across nodes. */
  public record StoreTrips(int requests, int items, long localP50, long localP99, long remoteP50, long remoteP99) {
    public double remoteOverLocalP50() {
      return (double) remoteP50 / localP50;
    }
  }

  /** Post acknowledgement (majority write included) and propagation to the other nodes, in microseconds. */
  public record BoardTrips(int posts, int nodes, long ackP50, long ackP99, long propagationP50, long propagationP99,
      long propagationMax, long unconfirmed, double directShare) {}

  private CrossNodeRoundTrips() {}

  static StoreTrips store(int requests, int items, Config base) throws Exception {
    try (InProcessCluster cluster = InProcessCluster.start(List.of(List.of(AgentSharding.ROLE, StoreHost.ROLE),
        List.of(StoreHost.ROLE)), base)) {
      HashingEmbedder embedder = new HashingEmbedder(DIMENSION);
      List<ActorRef<MemoryStore.Command>> stores = new ArrayList<>();
      for (int n = 0; n < 2; n++) {
        ActorRef<StoreHost.Command> spawned = cluster.node(n).systemActorOf(StoreHost.create(
            () -> WorkingMemory.builder(embedder).threadSafe().build(), Duration.ZERO, null), "store-host", MemloopDispatcher.props());
        // as node 0 sees it: the ref made by another node's system would reach it in this JVM without Artery
        ActorRef<StoreHost.Command> host = ActorRefResolver.get(cluster.node(0)).resolveActorRef(
            ActorRefResolver.get(cluster.node(n)).toSerializationFormat(spawned));
        stores.add(CrossNodeRoundTrips.<StoreHost.Command, StoreHost.Opened>ask(cluster.node(0), host, replyTo -> new StoreHost.Open("bench-agent", replyTo)).store());
      }
      if (!stores.get(1).path().address().equals(cluster.node(1).address()) || stores.get(0).path().address().hasGlobalScope()) {
        throw new IllegalStateException("the stores are not where they should be: " + stores); // a hop would be missing
      }
      SplittableRandom random = new SplittableRandom(42);
      for (ActorRef<MemoryStore.Command> store : stores) {
        for (int i = 0; i < items; i++) {
          float[] v = VectorSets.gaussian(random, DIMENSION);
          int id = i;
          CrossNodeRoundTrips.<MemoryStore.Command, MemoryStore.Reply>ask(cluster.node(0), store, replyTo -> new MemoryStore.Add(id, "item " + id, v, null, replyTo));
        }
      }
      List<float[]> queries = new ArrayList<>();
      for (int r = 0; r < requests; r++) {
        queries.add(VectorSets.gaussian(random, DIMENSION));
      }
      CompletableFuture<List<Histogram>> done = new CompletableFuture<>();
      cluster.node(0).systemActorOf(RoundTripProbe.create(), "round-trip-probe", MemloopDispatcher.props())
          .tell(new RoundTripProbe.Run(stores, queries, requests / 10, done)); // the first tenth warms both paths up
      List<Histogram> latencies = done.get(5, TimeUnit.MINUTES);
      Histogram local = latencies.get(0);
      Histogram remote = latencies.get(1);
      return new StoreTrips(requests, items, local.getValueAtPercentile(50), local.getValueAtPercentile(99),
          remote.getValueAtPercentile(50), remote.getValueAtPercentile(99));
    }
  }

  static BoardTrips board(int posts, int nodeCount, Config base) throws Exception {
    List<List<String>> roles = new ArrayList<>();
    for (int n = 0; n < nodeCount; n++) {
      roles.add(List.of(ReplicatedBoard.ROLE));
    }
    List<BlackboardSetup> boards = new ArrayList<>();
    try (InProcessCluster cluster = InProcessCluster.start(roles, base)) {
      List<ReplicatedBoard.Handle> handles = new ArrayList<>();
      for (int n = 0; n < nodeCount; n++) {
        BlackboardSetup setup = BlackboardSetup.of(new HashingEmbedder(DIMENSION));
        boards.add(setup);
        handles.add(ReplicatedBoard.start(cluster.node(n), setup, "blackboard"));
      }
      // posts made before a replica knows its peers travel by gossip only: wait for the receptionist's listing
      long ready = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (System.nanoTime() < ready && CrossNodeRoundTrips.<ReplicatedBoard.GetReplication, Replication>ask(
          cluster.node(0), handles.get(0).replication(), ReplicatedBoard.GetReplication::new).peers() < nodeCount - 1) {
        Thread.sleep(50); // polling the listing, not timing anything
      }
      Histogram acks = new Histogram(3);
      for (int p = 0; p < posts; p++) {
        String text = "escalate incident " + p + " on host h" + (p % 97);
        long id = p;
        long start = System.nanoTime();
        CrossNodeRoundTrips.<Blackboard.Command, Blackboard.PostReply>ask(cluster.node(0), handles.get(0).board(), replyTo -> new Blackboard.Post(id, "bench", text, null, null,
            replyTo));
        acks.recordValue((System.nanoTime() - start) / 1_000);
      }
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (boards.stream().anyMatch(b -> b.view().size() < posts) && System.nanoTime() < deadline) {
        Thread.sleep(50); // waiting for gossip; the delays themselves are measured by the replicas
      }
      Histogram propagation = new Histogram(3);
      long unconfirmed = 0;
      long arrived = 0;
      long direct = 0;
      long[] p = new long[3];
      for (int n = 0; n < nodeCount; n++) {
        Replication r = CrossNodeRoundTrips.<ReplicatedBoard.GetReplication, Replication>ask(cluster.node(n), handles.get(n).replication(), ReplicatedBoard.GetReplication::new);
        unconfirmed += r.unconfirmed();
        if (n > 0) {
          arrived += r.arrived();
          direct += r.arrivedDirect();
          p[0] = Math.max(p[0], r.propagationP50Micros());
          p[1] = Math.max(p[1], r.propagationP99Micros());
          p[2] = Math.max(p[2], r.propagationMaxMicros());
        }
      }
      return new BoardTrips(posts, nodeCount, acks.getValueAtPercentile(50), acks.getValueAtPercentile(99), p[0], p[1],
          p[2], unconfirmed, arrived == 0 ? Double.NaN : direct / (double) arrived);
    } finally {
      boards.forEach(BlackboardSetup::close);
    }
  }

  private static <Q, A> A ask(ActorSystem<?> via, ActorRef<Q> target,
      org.apache.pekko.japi.function.Function<ActorRef<A>, Q> request) throws Exception {
    return AskPattern.<Q, A>ask(target, request, ASK, via.scheduler()).toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
