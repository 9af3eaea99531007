package dev.memloop.runtime.cluster;

import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.RuntimeMessage;
import dev.memloop.runtime.Turn;
import dev.memloop.runtime.TurnResult;
import java.time.Duration;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.StashBuffer;
import org.apache.pekko.cluster.ddata.LWWRegister;
import org.apache.pekko.cluster.ddata.LWWRegisterKey;
import org.apache.pekko.cluster.ddata.SelfUniqueAddress;
import org.apache.pekko.cluster.ddata.typed.javadsl.DistributedData;
import org.apache.pekko.cluster.ddata.typed.javadsl.Replicator;
import org.apache.pekko.cluster.ddata.typed.javadsl.ReplicatorMessageAdapter;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;

/**
 * An agent as a Cluster Sharding entity that moves with its memory. On start it reads its last snapshot from
 * Distributed Data (read-majority) and starts its agent from it; it runs one turn at a time, and at every turn end
 * writes the agent's snapshot with write-majority before answering, so a node that dies loses at most the turn
 * in flight and a rebalanced or passivated agent resumes elsewhere with every item, under the same ids.
 *
 * <p>Distributed Data rather than Persistence: there is no journal server on these machines, the state is small
 * and replaced whole at each turn end, and a majority write survives the loss of any one node of three.
 */
public final class ShardedAgent {

  public static final EntityTypeKey<Command> TYPE = EntityTypeKey.create(Command.class, "memloop-agent");
  static final Duration MAJORITY_TIMEOUT = Duration.ofSeconds(5);
  static final int STASH = 1_000;
  static final int MAJORITY_READS = 2;
  static final int REPLICA_CHECKS = 50; // 10 s at 200 ms, then read anyway

  public interface Command extends RuntimeMessage {}

  /** Runs one turn; the answer comes once the turn's snapshot is replicated. */
  public record RunTurn(Turn turn, ActorRef<TurnResult> replyTo) implements Command {}

  public record GetSnapshot(ActorRef<AgentSnapshot> replyTo) implements Command {}

  /** Sharding's stop message: handoff or passivation. The snapshot of the last turn end is already replicated. */
  public enum Passivate implements Command { INSTANCE }

  /** The read's outcome: a snapshot (or none ever written), or a failure to reach a majority (snapshot null). */
  private record Loaded(AgentSnapshot snapshot) implements Command {}

  private enum ReadAgain implements Command { INSTANCE }

  private record ReplicasKnown(int replicas) implements Command {}

  private enum CountReplicas implements Command { INSTANCE }

  private record TurnAnswered(TurnResult result, ActorRef<TurnResult> replyTo) implements Command {}

  private record Snapshotted(AgentSnapshot snapshot, TurnResult result, ActorRef<TurnResult> replyTo) implements Command {}

  private record Replicated(TurnResult result, ActorRef<TurnResult> replyTo, boolean majority) implements Command {}

  private ShardedAgent() {}

  static org.apache.pekko.cluster.ddata.Key<LWWRegister<AgentSnapshot>> key(String agentId) {
    return LWWRegisterKey.create("memloop-agent-" + agentId);
  }

  public static Behavior<Command> create(String agentId, Function<String, AgentSpec> specs) {
    return Behaviors.withStash(STASH, stash -> Behaviors.setup(context -> Behaviors.withTimers(timers ->
        DistributedData.<Command, LWWRegister<AgentSnapshot>>withReplicatorMessageAdapter(replicator -> {
          countReplicas(replicator);
          return awaitingReplicas(context, stash, replicator, agentId, specs, timers, 1);
        }))));
  }

  private static void countReplicas(ReplicatorMessageAdapter<Command, LWWRegister<AgentSnapshot>> replicator) {
    replicator.askReplicaCount(Replicator.GetReplicaCount::new, count -> new ReplicasKnown(count.n()));
  }

  /**
   * The readiness gate: a majority read is meaningful only once this node's replicator knows the other
   * replicas. Right after a cluster forms or changes it may not yet, and majority operations then time out.
   */
  private static Behavior<Command> awaitingReplicas(ActorContext<Command> context, StashBuffer<Command> stash,
      ReplicatorMessageAdapter<Command, LWWRegister<AgentSnapshot>> replicator, String agentId,
      Function<String, AgentSpec> specs, org.apache.pekko.actor.typed.javadsl.TimerScheduler<Command> timers,
      int check) {
    return Behaviors.receive(Command.class)
        .onMessage(ReplicasKnown.class, known -> {
          if (known.replicas() >= replicaHosts(context) || check >= REPLICA_CHECKS) {
            read(replicator, agentId, 1);
            return loading(context, stash, replicator, agentId, specs, timers, 1);
          }
          timers.startSingleTimer(CountReplicas.INSTANCE, Duration.ofMillis(200));
          return awaitingReplicas(context, stash, replicator, agentId, specs, timers, check + 1);
        })
        .onMessageEquals(CountReplicas.INSTANCE, () -> {
          countReplicas(replicator);
          return Behaviors.same();
        })
        .onMessageEquals(Passivate.INSTANCE, Behaviors::stopped)
        .onAnyMessage(other -> {
          stash.stash(other);
          return Behaviors.same();
        })
        .build();
  }

  /** Up members that run a replicator: those with the Distributed Data role, or all when none is set. */
  private static int replicaHosts(ActorContext<Command> context) {
    String role = context.getSystem().settings().config().getString("pekko.cluster.distributed-data.role");
    int hosts = 0;
    for (org.apache.pekko.cluster.Member m : org.apache.pekko.cluster.typed.Cluster.get(context.getSystem()).state()
        .getMembers()) {
      if (m.status() == org.apache.pekko.cluster.MemberStatus.up() && (role.isEmpty() || m.hasRole(role))) {
        hosts++;
      }
    }
    return hosts;
  }

  /** Majority reads first; after {@link #MAJORITY_READS} failures, what this node's replica holds (gossip has it). */
  private static void read(ReplicatorMessageAdapter<Command, LWWRegister<AgentSnapshot>> replicator, String agentId,
      int attempt) {
    Replicator.ReadConsistency consistency = attempt <= MAJORITY_READS
        ? new Replicator.ReadMajority(MAJORITY_TIMEOUT) : Replicator.readLocal();
    replicator.askGet(replyTo -> new Replicator.Get<>(key(agentId), consistency, replyTo),
        response -> new Loaded(loaded(agentId, response)));
  }

  private static AgentSnapshot loaded(String agentId, Replicator.GetResponse<LWWRegister<AgentSnapshot>> response) {
    if (response instanceof Replicator.GetSuccess<LWWRegister<AgentSnapshot>> found) {
      return found.get(key(agentId)).getValue();
    }
    if (response instanceof Replicator.NotFound) {
      return AgentSnapshot.empty(agentId); // a new agent
    }
    return null; // no majority reachable yet (the cluster is still settling): read again, never start empty
  }

  private static Behavior<Command> loading(ActorContext<Command> context, StashBuffer<Command> stash,
      ReplicatorMessageAdapter<Command, LWWRegister<AgentSnapshot>> replicator, String agentId,
      Function<String, AgentSpec> specs, org.apache.pekko.actor.typed.javadsl.TimerScheduler<Command> timers,
      int attempt) {
    return Behaviors.receive(Command.class)
        .onMessage(Loaded.class, loaded -> {
          if (loaded.snapshot() == null) {
            context.getLog().warn("agent {}: no majority answered read {} of its snapshot; reading again", agentId,
                attempt);
            timers.startSingleTimer(ReadAgain.INSTANCE, Duration.ofMillis(200));
            return loading(context, stash, replicator, agentId, specs, timers, attempt + 1);
          }
          ActorRef<Agent.Command> agent = context.spawn(Agent.create(specs.apply(agentId), loaded.snapshot()), "agent");
          return stash.unstashAll(idle(context, stash, replicator, agentId, agent));
        })
        .onMessageEquals(ReadAgain.INSTANCE, () -> {
          read(replicator, agentId, attempt);
          return Behaviors.same();
        })
        .onMessageEquals(Passivate.INSTANCE, Behaviors::stopped)
        .onAnyMessage(other -> {
          stash.stash(other);
          return Behaviors.same();
        })
        .build();
  }

  private static Behavior<Command> idle(ActorContext<Command> context, StashBuffer<Command> stash,
      ReplicatorMessageAdapter<Command, LWWRegister<AgentSnapshot>> replicator, String agentId,
      ActorRef<Agent.Command> agent) {
    return Behaviors.receive(Command.class)
        .onMessage(RunTurn.class, run -> {
          agent.tell(new Agent.RunTurn(run.turn(), context.messageAdapter(TurnResult.class,
              result -> new TurnAnswered(result, run.replyTo()))));
          return busy(context, stash, replicator, agentId, agent);
        })
        .onMessage(GetSnapshot.class, get -> {
          agent.tell(new Agent.GetSnapshot(get.replyTo()));
          return Behaviors.same();
        })
        .onMessageEquals(Passivate.INSTANCE, Behaviors::stopped)
        .build();
  }

  /** A turn in flight: its answer, then its snapshot, then the majority write; other commands wait. */
  private static Behavior<Command> busy(ActorContext<Command> context, StashBuffer<Command> stash,
      ReplicatorMessageAdapter<Command, LWWRegister<AgentSnapshot>> replicator, String agentId,
      ActorRef<Agent.Command> agent) {
    SelfUniqueAddress node = DistributedData.get(context.getSystem()).selfUniqueAddress();
    return Behaviors.receive(Command.class)
        .onMessage(TurnAnswered.class, answered -> {
          context.ask(AgentSnapshot.class, agent, MAJORITY_TIMEOUT, Agent.GetSnapshot::new,
              (snapshot, failure) -> new Snapshotted(snapshot, answered.result(), answered.replyTo()));
          return Behaviors.same();
        })
        .onMessage(Snapshotted.class, taken -> {
          if (taken.snapshot() == null) { // the agent did not answer: reply without replicating, and say so
            return replied(context, stash, replicator, agentId, agent, taken.result(), taken.replyTo(), false);
          }
          replicator.askUpdate(replyTo -> new Replicator.Update<>(key(agentId), LWWRegister.create(node, taken.snapshot()),
              new Replicator.WriteMajority(MAJORITY_TIMEOUT), replyTo, current -> current.withValue(node, taken.snapshot())),
              response -> new Replicated(taken.result(), taken.replyTo(), response instanceof Replicator.UpdateSuccess));
          return Behaviors.same();
        })
        .onMessage(Replicated.class, replicated -> replied(context, stash, replicator, agentId, agent,
            replicated.result(), replicated.replyTo(), replicated.majority()))
        .onAnyMessage(other -> {
          stash.stash(other);
          return Behaviors.same();
        })
        .build();
  }

  private static Behavior<Command> replied(ActorContext<Command> context, StashBuffer<Command> stash,
      ReplicatorMessageAdapter<Command, LWWRegister<AgentSnapshot>> replicator, String agentId,
      ActorRef<Agent.Command> agent, TurnResult result, ActorRef<TurnResult> replyTo, boolean majority) {
    if (!majority) {
      context.getLog().warn("agent {}: turn {} snapshot not confirmed by a majority", agentId, result.turn());
    }
    replyTo.tell(result);
    return stash.unstashAll(idle(context, stash, replicator, agentId, agent));
  }
}
