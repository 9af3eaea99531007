package dev.memloop.runtime.cluster;

import dev.memloop.blackboard.Blackboard;
import dev.memloop.blackboard.BlackboardSetup;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.RuntimeMessage;
import dev.memloop.runtime.cluster.NodeMetrics;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.apache.pekko.cluster.ddata.GSet;
import org.apache.pekko.cluster.ddata.GSetKey;
import org.apache.pekko.cluster.ddata.Key;
import org.apache.pekko.cluster.ddata.typed.javadsl.DistributedData;
import org.apache.pekko.cluster.ddata.typed.javadsl.Replicator;
import org.apache.pekko.cluster.ddata.typed.javadsl.ReplicatorMessageAdapter;

/**
 * One node's replica of a blackboard that spans the cluster. Agents on the node use the node's own
 * {@link BlackboardSetup}: reads through its view stay local, in microseconds. Posts go to this actor (it speaks
 * the {@link Blackboard.Command} protocol, so agents cannot tell it from a local board): it puts the post on the
 * local board, sends it straight to the other replicas (found through the receptionist), writes it to Distributed
 * Data with write-majority, and only then acknowledges it. A post from another node is put on the local board once,
 * whichever way comes first: the direct message (milliseconds) or the replicator's change notification (gossip,
 * up to seconds; the way that survives lost messages and nodes that join later).
 *
 * <p>Posts are immutable, so a grow-only set ({@link GSet}, delta-replicated) is the whole CRDT; they are spread
 * over {@link #BUCKETS} keys so that no one replicated value grows with the whole board.
 */
public final class ReplicatedBoard {

  public static final String ROLE = "blackboard";
  static final int BUCKETS = 16;
  static final Duration MAJORITY_TIMEOUT = Duration.ofSeconds(5);

  /** Asks for the node's replication counters and propagation delays. */
  public record GetReplication(ActorRef<Replication> replyTo) implements RuntimeMessage {}

  /** What replicas send each other directly. */
  public interface Peer extends RuntimeMessage {}

  /** A post made on the sender's node, sent as soon as it is on the sender's board. */
  public record Direct(BoardEntry entry) implements Peer {}

  /** Where the replicas of the cluster find each other. */
  public static final ServiceKey<Peer> PEERS = ServiceKey.create(Peer.class, "memloop-board-replica");

  /** Where to post (the board protocol) and where to ask for counters: the same actor. */
  public record Handle(ActorRef<Blackboard.Command> board, ActorRef<GetReplication> replication) {}

  private record LocalReply(Blackboard.PostReply reply) {}

  private record Written(BoardEntry entry, boolean majority) {}

  private record Arrived(GSet<BoardEntry> entries) {}

  private record PeersChanged(Receptionist.Listing listing) {}

  private record Pending(Blackboard.Post post, String globalId) {}

  /** A local post on the board, waiting for its majority write before the poster hears of it. */
  private record Acking(Blackboard.Post post, Blackboard.Posted localAck) {}

  private final ActorContext<Object> context;
  private final ActorRef<Blackboard.Command> local;
  private final ReplicatorMessageAdapter<Object, GSet<BoardEntry>> replicator;
  private final String nodeTag;
  private final ActorRef<Blackboard.PostReply> localReplies;
  private final Map<Long, Pending> pending = new HashMap<>();
  private final Map<String, Acking> awaitingMajority = new HashMap<>();
  private final Set<String> seen = new HashSet<>();
  private Set<ActorRef<Peer>> peers = Set.of();
  private final Histogram propagationMicros = new Histogram(3);
  private final NodeMetrics metrics;
  private long nextRequest;
  private long nextPost;
  private long postedHere;
  private long arrived;
  private long arrivedDirect;
  private long unconfirmed;

  /** Spawns the node's replica over {@code setup}'s board (spawned here as its child). */
  public static Handle start(ActorSystem<?> system, BlackboardSetup setup, String name) {
    return start(system, setup, name, NodeMetrics.none());
  }

  /** As {@link #start(ActorSystem, BlackboardSetup, String)}, each arrival's propagation delay told to {@code metrics}. */
  public static Handle start(ActorSystem<?> system, BlackboardSetup setup, String name, NodeMetrics metrics) {
    ActorRef<Object> ref = system.systemActorOf(create(setup, metrics), name, MemloopDispatcher.props());
    return new Handle(ref.narrow(), ref.narrow());
  }

  static Behavior<Object> create(BlackboardSetup setup) {
    return create(setup, NodeMetrics.none());
  }

  static Behavior<Object> create(BlackboardSetup setup, NodeMetrics metrics) {
    return Behaviors.setup(context -> DistributedData.<Object, GSet<BoardEntry>>withReplicatorMessageAdapter(
        replicator -> new ReplicatedBoard(context, replicator, setup, metrics).behavior()));
  }

  private ReplicatedBoard(ActorContext<Object> context, ReplicatorMessageAdapter<Object, GSet<BoardEntry>> replicator,
      BlackboardSetup setup, NodeMetrics metrics) {
    this.context = context;
    this.metrics = metrics;
    this.replicator = replicator;
    this.local = context.spawn(setup.behavior(), "board", MemloopDispatcher.props());
    var self = DistributedData.get(context.getSystem()).selfUniqueAddress().uniqueAddress();
    this.nodeTag = self.address().hostPort() + "#" + Long.toHexString(self.longUid());
    this.localReplies = context.messageAdapter(Blackboard.PostReply.class, LocalReply::new);
    ActorRef<Peer> asPeer = context.getSelf().narrow();
    context.getSystem().receptionist().tell(Receptionist.register(PEERS, asPeer));
    context.getSystem().receptionist().tell(Receptionist.subscribe(PEERS,
        context.messageAdapter(Receptionist.Listing.class, PeersChanged::new)));
    for (int b = 0; b < BUCKETS; b++) {
      Key<GSet<BoardEntry>> key = key(b);
      // the changed message's own key, not the loop's: one adapter serves every key's notifications
      replicator.subscribe(key, changed -> changed instanceof Replicator.Changed<GSet<BoardEntry>> c
          ? new Arrived(c.get(c.key())) : new Arrived(GSet.create()));
    }
  }

  static Key<GSet<BoardEntry>> key(int bucket) {
    return GSetKey.create("memloop-board-" + bucket);
  }

  private Behavior<Object> behavior() {
    return Behaviors.receive(Object.class)
        .onMessage(Blackboard.Post.class, this::onPost)
        .onMessage(LocalReply.class, this::onLocalReply)
        .onMessage(Written.class, this::onWritten)
        .onMessage(Arrived.class, this::onArrived)
        .onMessage(Direct.class, direct -> {
          if (arrive(direct.entry(), nowMicros())) {
            arrivedDirect++;
          }
          return Behaviors.same();
        })
        .onMessage(PeersChanged.class, changed -> {
          Set<ActorRef<Peer>> others = new HashSet<>(changed.listing().getServiceInstances(PEERS));
          others.remove(context.getSelf().<Peer>narrow());
          peers = others;
          return Behaviors.same();
        })
        .onMessage(GetReplication.class, this::onGetReplication)
        .onMessage(Blackboard.Command.class, command -> { // subscriptions and stats: the local board answers
          local.tell(command);
          return Behaviors.same();
        })
        .build();
  }

  private Behavior<Object> onPost(Blackboard.Post post) {
    String globalId = nodeTag + "-" + (++nextPost);
    long id = ++nextRequest;
    pending.put(id, new Pending(post, globalId));
    seen.add(globalId); // our own post must not come back from the replicator as a second copy
    local.tell(new Blackboard.Post(id, post.author(), post.text(), post.vector(), post.metadata(), localReplies));
    return Behaviors.same();
  }

  private Behavior<Object> onLocalReply(LocalReply reply) {
    Pending mine = pending.remove(reply.reply().requestId());
    if (mine == null) { // a post that arrived from another node
      if (reply.reply() instanceof Blackboard.PostRejected rejected) {
        context.getLog().warn("a post from another node was refused here: {}", rejected.reason());
      }
      return Behaviors.same();
    }
    Blackboard.Post post = mine.post();
    if (reply.reply() instanceof Blackboard.PostRejected rejected) {
      seen.remove(mine.globalId());
      post.replyTo().tell(new Blackboard.PostRejected(post.requestId(), rejected.reason()));
      return Behaviors.same();
    }
    BoardEntry entry = new BoardEntry(mine.globalId(), post.author(), post.text(), post.vector(), post.metadata(),
        nowMicros());
    awaitingMajority.put(entry.globalId(), new Acking(post, (Blackboard.Posted) reply.reply()));
    for (ActorRef<Peer> peer : peers) {
      peer.tell(new Direct(entry));
    }
    replicator.askUpdate(replyTo -> new Replicator.Update<>(key(bucket(entry.globalId())), GSet.create(),
            new Replicator.WriteMajority(MAJORITY_TIMEOUT), replyTo, set -> set.add(entry)),
        response -> new Written(entry, response instanceof Replicator.UpdateSuccess));
    return Behaviors.same();
  }

  private Behavior<Object> onWritten(Written written) {
    String globalId = written.entry().globalId();
    postedHere++;
    if (!written.majority()) { // on this node and in its replica: gossip still spreads it; counted, not hidden
      unconfirmed++;
      context.getLog().warn("post {}: the majority write was not confirmed in {}", globalId, MAJORITY_TIMEOUT);
    }
    Acking acking = awaitingMajority.remove(globalId);
    acking.post().replyTo().tell(new Blackboard.Posted(acking.post().requestId(), acking.localAck().id(),
        acking.localAck().sequence()));
    return Behaviors.same();
  }

  private Behavior<Object> onArrived(Arrived arrivedSet) {
    long now = nowMicros();
    for (BoardEntry entry : arrivedSet.entries().getElements()) {
      arrive(entry, now);
    }
    return Behaviors.same();
  }

  /** Puts another node's post on the local board the first time it comes; false when it was already there. */
  private boolean arrive(BoardEntry entry, long nowMicros) {
    if (!seen.add(entry.globalId())) {
      return false;
    }
    arrived++;
    long delayMicros = Math.max(0, nowMicros - entry.postedAtMicros());
    propagationMicros.recordValue(delayMicros);
    metrics.boardPostArrived(delayMicros);
    local.tell(new Blackboard.Post(++nextRequest, entry.author(), entry.text(), entry.vector(), entry.metadata(),
        localReplies));
    return true;
  }

  private Behavior<Object> onGetReplication(GetReplication get) {
    get.replyTo().tell(new Replication(peers.size(), postedHere, arrived, arrivedDirect, unconfirmed, propagationMicros.getValueAtPercentile(50),
        propagationMicros.getValueAtPercentile(99), propagationMicros.getMaxValue()));
    return Behaviors.same();
  }

  static int bucket(String globalId) {
    return Math.floorMod(globalId.hashCode(), BUCKETS);
  }

  private static long nowMicros() {
    return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
  }
}
