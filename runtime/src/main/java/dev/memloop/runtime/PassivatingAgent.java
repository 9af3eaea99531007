package dev.memloop.runtime;

import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;

/**
 * An {@link Agent} that is stopped when idle and brought back when a turn comes: the same protocol
 * ({@link Agent.Command}), the agent as its child. After {@link Passivation#idleTimeout} without a turn, and only
 * once the agent says it is not busy, the agent's snapshot is taken (for a networked agent once its writes are
 * acknowledged), kept as a {@link CompactSnapshot} (half-precision vectors, the texts, ids and metadata as they
 * were), and the agent is stopped: its memory, reasoner and state are gone, and what remains is this actor and the
 * compact snapshot. The next {@link Agent.RunTurn} starts a new agent from the decoded snapshot (the same ids,
 * texts and turn count; vectors the half-precision roundings, which the guard's 0.99 threshold does not notice)
 * and hands it the turn. Sharding's passivation, for agents outside a cluster.
 *
 * <p>While passive, {@link Agent.GetStatus} is answered from the last status and {@link Agent.GetSnapshot} from
 * the compact snapshot, without waking the agent; monitoring a million idle agents restores none of them. Turns
 * that arrive while the agent is being passivated wait (up to {@value #MAX_PENDING}; beyond that they are answered
 * as aborted, as the agent answers turns beyond its own queue) and run once it is back. {@link Agent.Stop} stops
 * this actor and with it the agent, whose memory is closed as it stops.
 */
public final class PassivatingAgent extends AbstractBehavior<Object> {

  /** Turns and snapshot requests held while the agent is being passivated. */
  static final int MAX_PENDING = TurnAdmission.MAX_WAITING_TURNS;
  /**
   * How long the status and snapshot asks of a passivation may take: the status is answered at once, a networked
   * agent's snapshot after its writes in flight are acknowledged. A passivation that takes longer is abandoned
   * (the agent stays up) and tried again after the next idle timeout.
   */
  static final Duration ASK_TIMEOUT = Duration.ofSeconds(30);
  private static final String CHILD = "agent";

  private enum Mode { ACTIVE, CHECKING, SNAPSHOTTING, STOPPING, PASSIVE }

  private enum IdleTimeout { INSTANCE }

  private record StatusAnswered(Agent.Status status, long forwardedAtAsk) {}

  private record SnapshotAnswered(AgentSnapshot snapshot, Throwable failure) {}

  /** An agent of {@code spec}, starting with an empty memory, passivated as {@code passivation} says. */
  public static Behavior<Agent.Command> create(AgentSpec spec, Passivation passivation) {
    return create(spec, AgentSnapshot.empty(spec.id()), passivation);
  }

  /** An agent of {@code spec} that starts from {@code snapshot}, passivated as {@code passivation} says. */
  public static Behavior<Agent.Command> create(AgentSpec spec, AgentSnapshot snapshot, Passivation passivation) {
    if (spec == null || snapshot == null || passivation == null) {
      throw new IllegalArgumentException("a passivating agent needs its spec, a snapshot (AgentSnapshot.empty for "
          + "none) and its passivation settings");
    }
    if (!snapshot.agentId().equals(spec.id())) {
      throw new IllegalArgumentException("snapshot of " + snapshot.agentId() + " given to agent " + spec.id());
    }
    Behavior<Object> behavior = Behaviors.setup(context -> Behaviors.withTimers(timers ->
        new PassivatingAgent(context, timers, spec, snapshot, passivation)));
    return behavior.narrow();
  }

  private final TimerScheduler<Object> timers;
  private final AgentSpec spec;
  private final Passivation passivation;
  private Mode mode = Mode.ACTIVE;
  private ActorRef<Agent.Command> agent;
  private CompactSnapshot kept; // while passive
  private Agent.Status lastStatus;
  private long forwarded; // turns handed to the agent, to tell a stale idle check from a current one
  private ArrayDeque<Object> pending; // while passivating; made on first use

  private PassivatingAgent(ActorContext<Object> context, TimerScheduler<Object> timers, AgentSpec spec,
      AgentSnapshot snapshot, Passivation passivation) {
    super(context);
    this.timers = timers;
    this.spec = spec;
    this.passivation = passivation;
    startAgent(snapshot);
  }

  @Override
  public Receive<Object> createReceive() {
    return newReceiveBuilder()
        .onMessage(Object.class, this::onMessage)
        .onSignal(Terminated.class, this::onAgentStopped)
        .build();
  }

  private Behavior<Object> onMessage(Object message) {
    if (message == Agent.Stop.INSTANCE) {
      return Behaviors.stopped(); // the agent stops with this actor and closes its memory as it does
    }
    if (message instanceof IdleTimeout) {
      return onIdle();
    }
    if (message instanceof StatusAnswered answered) {
      return onStatus(answered);
    }
    if (message instanceof SnapshotAnswered answered) {
      return onSnapshot(answered);
    }
    return switch (mode) {
      case ACTIVE, CHECKING -> forward(message);
      case SNAPSHOTTING, STOPPING -> hold(message);
      case PASSIVE -> whilePassive(message);
    };
  }

  private Behavior<Object> forward(Object message) {
    if (message instanceof Agent.RunTurn) {
      forwarded++;
      timers.startSingleTimer(IdleTimeout.INSTANCE, IdleTimeout.INSTANCE, passivation.idleTimeout());
    }
    agent.tell((Agent.Command) message);
    return this;
  }

  private Behavior<Object> whilePassive(Object message) {
    if (message instanceof Agent.GetStatus get) {
      get.replyTo().tell(lastStatus);
      return this;
    }
    if (message instanceof Agent.GetSnapshot get) {
      get.replyTo().tell(kept.restore());
      return this;
    }
    long start = System.nanoTime();
    CompactSnapshot restoring = kept;
    kept = null;
    startAgent(restoring.restore());
    passivation.tally().restored(restoring, System.nanoTime() - start);
    mode = Mode.ACTIVE;
    return forward(message);
  }

  private Behavior<Object> hold(Object message) {
    if (message instanceof Agent.GetStatus get) {
      get.replyTo().tell(lastStatus); // the agent was idle when the passivation began and has been sent nothing
      return this;
    }
    if (pending == null) {
      pending = new ArrayDeque<>();
    }
    if (pending.size() >= MAX_PENDING && message instanceof Agent.RunTurn run) {
      run.replyTo().tell(new TurnResult(spec.id(), run.turn().index(), List.of(), 0, 0, true,
          MAX_PENDING + " turns already waiting for the agent to come back", lastStatus.restarts(), 0, 0));
      return this;
    }
    pending.add(message);
    return this;
  }

  private Behavior<Object> onIdle() {
    if (mode != Mode.ACTIVE) {
      return this;
    }
    mode = Mode.CHECKING;
    long at = forwarded;
    getContext().ask(Agent.Status.class, agent, ASK_TIMEOUT, Agent.GetStatus::new,
        (status, failure) -> new StatusAnswered(status, failure == null ? at : -1));
    return this;
  }

  private Behavior<Object> onStatus(StatusAnswered answered) {
    if (mode != Mode.CHECKING) {
      return this;
    }
    if (answered.status() == null || answered.forwardedAtAsk() != forwarded || answered.status().busy()) {
      return stayActive(); // a turn came meanwhile, the agent is busy, or it did not answer in time
    }
    lastStatus = answered.status();
    mode = Mode.SNAPSHOTTING;
    getContext().ask(AgentSnapshot.class, agent, ASK_TIMEOUT, Agent.GetSnapshot::new, SnapshotAnswered::new);
    return this;
  }

  private Behavior<Object> onSnapshot(SnapshotAnswered answered) {
    if (mode != Mode.SNAPSHOTTING) {
      return this;
    }
    if (answered.failure() != null) {
      getContext().getLog().warn("agent {} not passivated: its snapshot did not come within {} ({})", spec.id(),
          ASK_TIMEOUT, answered.failure().toString());
      return stayActive();
    }
    try {
      kept = CompactSnapshot.of(answered.snapshot());
    } catch (IllegalArgumentException e) {
      getContext().getLog().warn("agent {} not passivated: {}", spec.id(), e.getMessage());
      return stayActive();
    }
    mode = Mode.STOPPING;
    agent.tell(Agent.Stop.INSTANCE);
    return this;
  }

  private Behavior<Object> onAgentStopped(Terminated stopped) {
    if (mode != Mode.STOPPING) {
      return Behaviors.stopped(); // the agent ended by itself: so does this actor
    }
    agent = null;
    mode = Mode.PASSIVE;
    passivation.tally().passivated(kept);
    return replayPending();
  }

  /** Back to active after an abandoned passivation, handing the agent what waited meanwhile. */
  private Behavior<Object> stayActive() {
    mode = Mode.ACTIVE;
    timers.startSingleTimer(IdleTimeout.INSTANCE, IdleTimeout.INSTANCE, passivation.idleTimeout());
    return replayPending();
  }

  private Behavior<Object> replayPending() {
    ArrayDeque<Object> held = pending;
    pending = null;
    Behavior<Object> next = this;
    while (held != null && !held.isEmpty()) {
      next = onMessage(held.poll());
    }
    return next;
  }

  private void startAgent(AgentSnapshot snapshot) {
    agent = getContext().spawn(Agent.create(spec, snapshot), CHILD, MemloopDispatcher.props());
    getContext().watch(agent);
    timers.startSingleTimer(IdleTimeout.INSTANCE, IdleTimeout.INSTANCE, passivation.idleTimeout());
  }
}
