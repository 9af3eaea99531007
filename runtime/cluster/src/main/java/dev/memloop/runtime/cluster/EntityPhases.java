package dev.memloop.runtime.cluster;

import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.CompactSnapshot;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.cluster.ShardedAgent.Command;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.ddata.LWWRegister;
import org.apache.pekko.cluster.ddata.SelfUniqueAddress;
import org.apache.pekko.cluster.ddata.typed.javadsl.DistributedData;
import org.apache.pekko.cluster.ddata.typed.javadsl.Replicator;

/**
 * The phases of one {@link ShardedAgent}: wait until the replicator knows the agent hosts, read the snapshot,
 * open a remote store if the agent's memory lives on a store node, then alternate between idle and a turn in
 * flight. Commands that arrive before the agent is ready, or during a turn, wait in the stash.
 */
final class EntityPhases {

  static final int MAJORITY_READS = 2;
  static final int REPLICA_CHECKS = 50; // 10 s at 200 ms, then read anyway
  static final int STORE_SEARCHES = 25; // 5 s at 200 ms, then run unguarded
  static final Duration RETRY = Duration.ofMillis(200);

  private final ShardedAgent.Entity e;
  private long readNanos;
  private Handoff handoff;
  /**
   * The last turn the agent answered, and its answer (this incarnation's, or loaded with the agent's
   * {@link DurableAgent}): the same turn sent again (equal index and observations) is a retry and gets the answer
   * again, not a rerun.
   */
  private Turn lastTurn;
  private TurnResult lastAnswered;
  private Turn inFlight;
  private final List<ActorRef<Handoff>> handoffWaiters = new ArrayList<>();

  EntityPhases(ShardedAgent.Entity entity) {
    this.e = entity;
  }

  Behavior<Command> start() {
    countReplicas();
    return awaitingReplicas(1);
  }

  private void countReplicas() {
    e.replicator().askReplicaCount(Replicator.GetReplicaCount::new, count -> new ShardedAgent.ReplicasKnown(count.n()));
  }

  /**
   * The readiness gate: a majority read is meaningful only once this node's replicator knows the other
   * replicas. Right after a cluster forms or changes it may not yet, and majority operations then time out.
   */
  private Behavior<Command> awaitingReplicas(int check) {
    return Behaviors.receive(Command.class)
        .onMessage(ShardedAgent.ReplicasKnown.class, known -> {
          if (known.replicas() >= replicaHosts() || check >= REPLICA_CHECKS) {
            read(1);
            return loading(1);
          }
          e.timers().startSingleTimer(ShardedAgent.CountReplicas.INSTANCE, RETRY);
          return awaitingReplicas(check + 1);
        })
        .onMessageEquals(ShardedAgent.CountReplicas.INSTANCE, () -> {
          countReplicas();
          return Behaviors.same();
        })
        .onMessageEquals(ShardedAgent.Passivate.INSTANCE, Behaviors::stopped)
        .onAnyMessage(e::stash)
        .build();
  }

  /** Up members that run a replicator: those with the Distributed Data role, or all when none is set. */
  private int replicaHosts() {
    String role = e.context().getSystem().settings().config().getString("pekko.cluster.distributed-data.role");
    return ClusterNodes.upMembers(e.context().getSystem(), role);
  }

  /** Majority reads first; after {@link #MAJORITY_READS} failures, what this node's replica holds (gossip has it). */
  private void read(int attempt) {
    Replicator.ReadConsistency consistency = attempt <= MAJORITY_READS
        ? new Replicator.ReadMajority(ShardedAgent.MAJORITY_TIMEOUT) : Replicator.readLocal();
    e.replicator().askGet(replyTo -> new Replicator.Get<>(ShardedAgent.key(e.agentId()), consistency, replyTo),
        response -> new ShardedAgent.Loaded(loaded(response)));
  }

  private DurableAgent loaded(Replicator.GetResponse<LWWRegister<DurableAgent>> response) {
    if (response instanceof Replicator.GetSuccess<LWWRegister<DurableAgent>> found) {
      return found.get(ShardedAgent.key(e.agentId())).getValue();
    }
    if (response instanceof Replicator.NotFound) {
      return DurableAgent.empty(e.agentId()); // a new agent
    }
    return null; // no majority reachable yet (the cluster is still settling): read again, never start empty
  }

  private Behavior<Command> loading(int attempt) {
    return Behaviors.receive(Command.class)
        .onMessage(ShardedAgent.Loaded.class, loaded -> {
          if (loaded.agent() == null) {
            e.context().getLog().warn("agent {}: no majority answered read {} of its snapshot; reading again",
                e.agentId(), attempt);
            e.timers().startSingleTimer(ShardedAgent.ReadAgain.INSTANCE, RETRY);
            return loading(attempt + 1);
          }
          readNanos = System.nanoTime() - e.startedNanos();
          lastTurn = loaded.agent().lastTurn(); // a retry of it is answered from here, not run again
          lastAnswered = loaded.agent().lastAnswer();
          AgentSnapshot snapshot = loaded.agent().memory().restore();
          AgentSpec.Builder spec = e.specs().apply(e.agentId());
          if (spec.needsRemoteStore()) {
            findStoreHosts();
            return openingStore(spec, snapshot, 1);
          }
          return startAgent(spec.build(), snapshot);
        })
        .onMessageEquals(ShardedAgent.ReadAgain.INSTANCE, () -> {
          read(attempt);
          return Behaviors.same();
        })
        .onMessageEquals(ShardedAgent.Passivate.INSTANCE, Behaviors::stopped)
        .onAnyMessage(e::stash)
        .build();
  }

  private void findStoreHosts() {
    e.context().ask(Receptionist.Listing.class, e.context().getSystem().receptionist(), ShardedAgent.MAJORITY_TIMEOUT,
        replyTo -> Receptionist.find(StoreHost.KEY, replyTo),
        (listing, failure) -> new ShardedAgent.StoreHosts(listing == null ? java.util.Set.of()
            : listing.getServiceInstances(StoreHost.KEY)));
  }

  /** Finds the store hosts, picks one by the agent's id (the same one after a move) and opens the agent's store. */
  private Behavior<Command> openingStore(AgentSpec.Builder spec, AgentSnapshot snapshot, int attempt) {
    return Behaviors.receive(Command.class)
        .onMessage(ShardedAgent.StoreHosts.class, found -> {
          if (found.hosts().isEmpty()) {
            return storeUnavailable(spec, snapshot, attempt, "no node with the store role is up");
          }
          List<ActorRef<StoreHost.Command>> hosts = new ArrayList<>(found.hosts());
          hosts.sort(Comparator.comparing(host -> host.path().toString()));
          ActorRef<StoreHost.Command> host = hosts.get(Math.floorMod(e.agentId().hashCode(), hosts.size()));
          e.context().ask(StoreHost.Opened.class, host, ShardedAgent.MAJORITY_TIMEOUT,
              replyTo -> new StoreHost.Open(e.agentId(), replyTo),
              (opened, failure) -> new ShardedAgent.StoreOpened(opened == null ? null : opened.store()));
          return Behaviors.same();
        })
        .onMessage(ShardedAgent.StoreOpened.class, opened -> {
          if (opened.store() == null) {
            return storeUnavailable(spec, snapshot, attempt, "the store host did not answer");
          }
          e.context().watchWith(opened.store(), new ShardedAgent.StoreGone(opened.store()));
          return startAgent(spec.storeActor(opened.store()).build(), snapshot);
        })
        .onMessageEquals(ShardedAgent.FindStoreAgain.INSTANCE, () -> {
          findStoreHosts();
          return Behaviors.same();
        })
        .onMessageEquals(ShardedAgent.Passivate.INSTANCE, Behaviors::stopped)
        .onAnyMessage(e::stash)
        .build();
  }

  private Behavior<Command> storeUnavailable(AgentSpec.Builder spec, AgentSnapshot snapshot, int attempt, String why) {
    if (attempt < STORE_SEARCHES) {
      e.timers().startSingleTimer(ShardedAgent.FindStoreAgain.INSTANCE, RETRY);
      return openingStore(spec, snapshot, attempt + 1);
    }
    // degrade rather than refuse turns: every lookup to dead letters times out within the budget, unguarded
    e.context().getLog().warn("agent {}: {}; its steps run unguarded (TIMED_OUT) until it restarts", e.agentId(), why);
    return startAgent(spec.store(e.context().getSystem().<MemoryStore.Command>deadLetters()).build(), snapshot);
  }

  private Behavior<Command> startAgent(AgentSpec spec, AgentSnapshot snapshot) {
    ActorRef<Agent.Command> agent = e.context().spawn(Agent.create(spec, snapshot), "agent", MemloopDispatcher.props());
    e.metrics().started(snapshot.turnsCompleted() > 0); // counted down on PostStop, in idle and busy
    // the status reply comes after the restore in the agent's setup: the moment the agent can take a turn
    e.context().ask(Agent.Status.class, agent, ShardedAgent.MAJORITY_TIMEOUT, Agent.GetStatus::new,
        (status, failure) -> new ShardedAgent.Ready(snapshot.items().size()));
    return e.stash().unstashAll(idle(agent, snapshot.turnsCompleted()));
  }

  private Behavior<Command> idle(ActorRef<Agent.Command> agent, int turnsAtStart) {
    return Behaviors.receive(Command.class)
        .onMessage(ShardedAgent.RunTurn.class, run -> {
          if (lastTurn != null && lastTurn.equals(run.turn()) && !lastAnswered.aborted()) {
            run.replyTo().tell(lastAnswered); // a retry after a lost reply, maybe to a later incarnation: run once
            return Behaviors.same();
          } // a retry of an aborted turn goes to the agent, which resumes it at the step that failed
          inFlight = run.turn();
          agent.tell(new Agent.RunTurn(run.turn(), e.context().messageAdapter(TurnResult.class,
              result -> new ShardedAgent.TurnAnswered(result, run.replyTo()))));
          return busy(agent, turnsAtStart);
        })
        .onMessage(ShardedAgent.GetSnapshot.class, get -> {
          agent.tell(new Agent.GetSnapshot(get.replyTo()));
          return Behaviors.same();
        })
        .onMessage(ShardedAgent.Ready.class, ready -> onReady(ready, turnsAtStart))
        .onMessage(ShardedAgent.GetHandoff.class, this::onGetHandoff)
        .onMessage(ShardedAgent.StoreGone.class, this::onStoreGone)
        .onMessageEquals(ShardedAgent.Passivate.INSTANCE, Behaviors::stopped)
        .onSignal(PostStop.class, this::onPostStop)
        .build();
  }

  private Behavior<Command> onPostStop(PostStop stop) {
    e.metrics().stopped();
    return Behaviors.same();
  }

  /** A turn in flight: its answer, then its snapshot, then the majority write; other commands wait. */
  private Behavior<Command> busy(ActorRef<Agent.Command> agent, int turnsAtStart) {
    SelfUniqueAddress node = DistributedData.get(e.context().getSystem()).selfUniqueAddress();
    return Behaviors.receive(Command.class)
        .onMessage(ShardedAgent.TurnAnswered.class, answered -> {
          e.context().ask(AgentSnapshot.class, agent, ShardedAgent.MAJORITY_TIMEOUT, Agent.GetSnapshot::new,
              (snapshot, failure) -> new ShardedAgent.Snapshotted(snapshot, answered.result(), answered.replyTo()));
          return Behaviors.same();
        })
        .onMessage(ShardedAgent.Snapshotted.class, taken -> {
          if (taken.snapshot() == null) { // the agent did not answer: reply without replicating, and say so
            return replied(agent, turnsAtStart, taken.result(), taken.replyTo(), false);
          }
          DurableAgent kept = new DurableAgent(CompactSnapshot.of(taken.snapshot()), inFlight, taken.result());
          e.replicator().askUpdate(replyTo -> new Replicator.Update<>(ShardedAgent.key(e.agentId()),
                  LWWRegister.create(node, kept), new Replicator.WriteMajority(ShardedAgent.MAJORITY_TIMEOUT),
                  replyTo, current -> current.withValue(node, kept)),
              response -> new ShardedAgent.Replicated(taken.result(), taken.replyTo(),
                  response instanceof Replicator.UpdateSuccess));
          return Behaviors.same();
        })
        .onMessage(ShardedAgent.Replicated.class, replicated -> replied(agent, turnsAtStart, replicated.result(),
            replicated.replyTo(), replicated.majority()))
        .onMessage(ShardedAgent.Ready.class, ready -> onReady(ready, turnsAtStart))
        .onMessage(ShardedAgent.StoreGone.class, this::onStoreGone)
        .onAnyMessage(e::stash)
        .onSignal(PostStop.class, this::onPostStop)
        .build();
  }

  private Behavior<Command> replied(ActorRef<Agent.Command> agent, int turnsAtStart, TurnResult result,
      ActorRef<TurnResult> replyTo, boolean majority) {
    if (!majority) {
      e.context().getLog().warn("agent {}: turn {} snapshot not confirmed by a majority", e.agentId(), result.turn());
    }
    lastTurn = inFlight;
    lastAnswered = result;
    e.metrics().turn(result);
    replyTo.tell(result);
    return e.stash().unstashAll(idle(agent, turnsAtStart));
  }

  private Behavior<Command> onReady(ShardedAgent.Ready ready, int turnsAtStart) {
    String node = e.context().getSystem().address().toString();
    handoff = new Handoff(e.agentId(), node, ready.items(), turnsAtStart, readNanos, System.nanoTime() - e.startedNanos());
    handoffWaiters.forEach(waiter -> waiter.tell(handoff));
    handoffWaiters.clear();
    return Behaviors.same();
  }

  private Behavior<Command> onGetHandoff(ShardedAgent.GetHandoff get) {
    if (handoff == null) {
      handoffWaiters.add(get.replyTo());
    } else {
      get.replyTo().tell(handoff);
    }
    return Behaviors.same();
  }

  private Behavior<Command> onStoreGone(ShardedAgent.StoreGone gone) {
    e.context().getLog().warn("agent {}: its store {} is gone (its node left or died); lookups time out and steps run"
        + " unguarded (TIMED_OUT) until the agent restarts", e.agentId(), gone.store().path());
    return Behaviors.same();
  }
}
