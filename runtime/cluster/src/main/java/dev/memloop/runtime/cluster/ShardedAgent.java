package dev.memloop.runtime.cluster;

import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.CompactSnapshot;
import dev.memloop.runtime.RuntimeMessage;
import dev.memloop.runtime.cluster.NodeMetrics;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.StashBuffer;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.cluster.ddata.LWWRegister;
import org.apache.pekko.cluster.ddata.LWWRegisterKey;
import org.apache.pekko.cluster.ddata.typed.javadsl.DistributedData;
import org.apache.pekko.cluster.ddata.typed.javadsl.ReplicatorMessageAdapter;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;

/**
 * An agent as a Cluster Sharding entity that moves with its memory. On start it reads its last snapshot from
 * Distributed Data (read-majority) and starts its agent from it; it runs one turn at a time, and at every turn end
 * writes the agent's snapshot, as a {@link CompactSnapshot} (the form passivated agents are kept in) inside a
 * {@link DurableAgent} with the turn and its answer, with write-majority before answering, so a node that dies loses at most the turn
 * in flight and a rebalanced or passivated agent resumes elsewhere with every item, under the same ids.
 *
 * <p>Distributed Data rather than Pekko Persistence, by measurement ({@code memloop bench durability},
 * docs/BENCHMARKS.md): at the memory sizes agents have, a turn end costs half a journal's and an agent restores
 * 5-6x faster, with no database to run; a majority write survives the loss of any one node of three. The journal
 * writes fewer bytes once an agent holds about a thousand items, and an agent's value must fit Artery's 4 MiB frame.
 *
 * <p>An agent whose memory is {@code remote} first opens its store on a store node ({@link StoreHost}); if no
 * store node answers, or the store's node dies later, its lookups time out and its steps run unguarded, and it
 * says so in its log and in its step records ({@code TIMED_OUT}).
 */
public final class ShardedAgent {

  public static final EntityTypeKey<Command> TYPE = EntityTypeKey.create(Command.class, "memloop-agent");
  static final Duration MAJORITY_TIMEOUT = Duration.ofSeconds(5);
  static final int STASH = 1_000;

  /** What a sharded agent is sent, across nodes (Jackson CBOR). */
  public interface Command extends RuntimeMessage {}

  /**
   * Runs one turn; the answer comes once the turn's snapshot is replicated. A sender may retry a turn whose answer
   * did not come (a message lost while its node died and its shard moved): a retry of the turn the agent answered
   * last (an equal turn: same index, same observations) is answered from the {@link DurableAgent} kept at that
   * turn's end, by this incarnation or a later one, without running it again (exactly-once results for turns
   * whose end was replicated). A retry of a turn answered as aborted is run: by the same incarnation from the step
   * that failed (the agent keeps the steps before it); by a later one from its first step, its memory holding what
   * the steps before the failure wrote (a guarded agent finds those actions done; a later incarnation has no record
   * of which steps completed).
   */
  public record RunTurn(Turn turn, ActorRef<TurnResult> replyTo) implements Command {}

  /** Asks for the agent's snapshot: its memory's items and its completed turns. */
  public record GetSnapshot(ActorRef<AgentSnapshot> replyTo) implements Command {}

  /** How this incarnation of the agent started; answered once it is ready to take a turn. */
  public record GetHandoff(ActorRef<Handoff> replyTo) implements Command {}

  /** Sharding's stop message: handoff or passivation. The snapshot of the last turn end is already replicated. */
  public enum Passivate implements Command { INSTANCE }

  // the phases' own messages
  /** {@code agent} null: no majority answered the read yet. */
  record Loaded(DurableAgent agent) implements Command {}

  enum ReadAgain implements Command { INSTANCE }

  record ReplicasKnown(int replicas) implements Command {}

  enum CountReplicas implements Command { INSTANCE }

  record StoreHosts(java.util.Set<ActorRef<StoreHost.Command>> hosts) implements Command {}

  enum FindStoreAgain implements Command { INSTANCE }

  record StoreOpened(ActorRef<MemoryStore.Command> store) implements Command {}

  record StoreGone(ActorRef<MemoryStore.Command> store) implements Command {}

  record Ready(int items) implements Command {}

  record TurnAnswered(TurnResult result, ActorRef<TurnResult> replyTo) implements Command {}

  record Snapshotted(AgentSnapshot snapshot, TurnResult result, ActorRef<TurnResult> replyTo) implements Command {}

  record Replicated(TurnResult result, ActorRef<TurnResult> replyTo, boolean majority) implements Command {}

  private ShardedAgent() {}

  /** The Distributed Data key under which agent {@code agentId}'s {@link DurableAgent} is kept (a durable key). */
  public static org.apache.pekko.cluster.ddata.Key<LWWRegister<DurableAgent>> key(String agentId) {
    return LWWRegisterKey.create("memloop-agent-" + agentId);
  }

  public static Behavior<Command> create(String agentId, Function<String, AgentSpec.Builder> specs) {
    return create(agentId, specs, NodeMetrics.none());
  }

  /** As {@link #create(String, Function)}, counted in {@code metrics} while it runs on this node. */
  public static Behavior<Command> create(String agentId, Function<String, AgentSpec.Builder> specs,
      NodeMetrics metrics) {
    return Behaviors.withStash(STASH, stash -> Behaviors.setup(context -> Behaviors.withTimers(timers ->
        DistributedData.<Command, LWWRegister<DurableAgent>>withReplicatorMessageAdapter(replicator ->
            new EntityPhases(new Entity(context, stash, timers, replicator, agentId, specs, System.nanoTime(),
                metrics)).start()))));
  }

  /** What every phase of one entity shares. */
  record Entity(ActorContext<Command> context, StashBuffer<Command> stash, TimerScheduler<Command> timers,
      ReplicatorMessageAdapter<Command, LWWRegister<DurableAgent>> replicator, String agentId,
      Function<String, AgentSpec.Builder> specs, long startedNanos, NodeMetrics metrics) {


    Behavior<Command> stash(Command command) {
      stash.stash(command);
      return Behaviors.same();
    }
  }
}
