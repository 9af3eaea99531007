package dev.memloop.runtime;

import dev.memloop.runtime.internal.tracing.TurnTrace;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * One agent, one call per turn: start an agent from its spec in an actor system, send it observations, and get the
 * turn's result as a stage. The handle numbers the turns (0, 1, 2...) in the order {@link #send} is called, from any
 * thread; the agent runs them one at a time in that order, queueing those that arrive while one runs.
 *
 * <pre>{@code
 * AgentHandle agent = AgentHandle.start(system, spec);
 * TurnResult first = agent.send("order 42 arrived damaged").toCompletableFuture().get();
 * }</pre>
 *
 * <p>A turn that fails completes its stage exceptionally with {@link TurnFailedException} (the agent itself restarts
 * and answers the next turn); one not answered within the turn timeout, with {@link TurnTimeoutException}; both are
 * {@link AgentException}s. A send after {@link #stop()} throws {@link AgentStoppedException}. Thread-safe.
 */
public final class AgentHandle {

  /** How long a turn may take before its stage fails, unless {@link #start(ActorSystem, AgentSpec, Duration)} says. */
  public static final Duration DEFAULT_TURN_TIMEOUT = Duration.ofMinutes(1);

  private final ActorSystem<?> system;
  private final AgentSpec spec;
  private final String id;
  private final Duration turnTimeout;
  // guarded by this: the running agent (null while passivated), the snapshot it was passivated with, turns unanswered
  private ActorRef<Agent.Command> agent;
  private CompletableFuture<AgentSnapshot> passivated;
  private int activations = 1;
  private int unanswered;
  private int nextTurn;
  private boolean stopped;

  private AgentHandle(ActorSystem<?> system, AgentSpec spec, ActorRef<Agent.Command> agent, Duration turnTimeout) {
    this.system = system;
    this.spec = spec;
    this.agent = agent;
    this.id = spec.id();
    this.turnTimeout = turnTimeout;
  }

  /** Starts the agent of {@code spec} in {@code system}, on memloop's dispatcher, named after its id. */
  public static AgentHandle start(ActorSystem<?> system, AgentSpec spec) {
    return start(system, spec, DEFAULT_TURN_TIMEOUT);
  }

  /**
   * As {@link #start(ActorSystem, AgentSpec)}, each turn's stage failing after {@code turnTimeout}.
   *
   * @throws IllegalArgumentException naming the value: a null system or spec, a timeout that is not positive
   */
  public static AgentHandle start(ActorSystem<?> system, AgentSpec spec, Duration turnTimeout) {
    if (system == null || spec == null) {
      throw new IllegalArgumentException("an agent handle needs its actor system and its spec: " + system + ", " + spec);
    }
    if (turnTimeout == null || turnTimeout.isNegative() || turnTimeout.isZero()) {
      throw new IllegalArgumentException("agent " + spec.id() + ": turn timeout must be > 0: " + turnTimeout);
    }
    ActorRef<Agent.Command> ref = system.systemActorOf(Agent.create(spec), spec.id(), MemloopDispatcher.props());
    return new AgentHandle(system, spec, ref, turnTimeout);
  }

  public String id() {
    return id;
  }

  /** The next turn: one observation per text, in order. */
  public CompletionStage<TurnResult> send(String... observations) {
    if (observations == null || observations.length == 0) {
      throw new IllegalArgumentException("agent " + id + ": a turn needs at least one observation");
    }
    List<String> texts = List.of(observations);
    return sendTurn(index -> {
      List<Observation> list = new ArrayList<>(texts.size());
      for (int i = 0; i < texts.size(); i++) {
        list.add(new Observation("t" + index + "-" + i, texts.get(i)));
      }
      return list;
    });
  }

  /** The next turn, with observations of the caller's own ids. */
  public CompletionStage<TurnResult> send(List<Observation> observations) {
    if (observations == null || observations.isEmpty()) {
      throw new IllegalArgumentException("agent " + id + ": a turn needs at least one observation");
    }
    List<Observation> copy = List.copyOf(observations);
    return sendTurn(index -> copy);
  }

  private CompletionStage<TurnResult> sendTurn(java.util.function.IntFunction<List<Observation>> observations) {
    CompletionStage<TurnResult> answer;
    int index;
    synchronized (this) { // numbered and told under one lock: the mailbox holds the turns in their numbers' order
      if (stopped) {
        throw new AgentStoppedException(id);
      }
      ActorRef<Agent.Command> agent = activeAgent();
      index = nextTurn++;
      unanswered++;
      Turn turn = new Turn(index, observations.apply(index));
      String traceParent = TurnTrace.traceParentOf(io.opentelemetry.context.Context.current()); // the caller's span
      answer = AskPattern.<Agent.Command, TurnResult>ask(agent, replyTo -> new Agent.RunTurn(turn, replyTo,
          traceParent), turnTimeout, system.scheduler());
    }
    int turn = index;
    return TurnAnswers.settle(answer.whenComplete((result, failure) -> answered()), id, turn, turnTimeout);
  }

  /** What the agent's memory holds, once its writes in flight are acknowledged (while passivated: what it held). */
  public synchronized CompletionStage<AgentSnapshot> snapshot() {
    if (agent == null) {
      return passivated.copy();
    }
    return AskPattern.ask(agent, Agent.GetSnapshot::new, turnTimeout, system.scheduler());
  }

  /**
   * Passivates the agent: takes its snapshot (its own memory, with ids, kinds and turn count), stops its actor, and
   * keeps the snapshot here, so that an idle agent holds no actor and no memory of its own. The next {@link #send}
   * starts it again from the snapshot, and its turns go on numbered where they were. Nothing to do when it is
   * passivated already. A store that outlives the agent (pgvector, a store node, a blackboard) keeps its memory there.
   *
   * @return the snapshot, once taken and the actor stopped
   * @throws IllegalStateException while turns sent are unanswered (passivate once their stages completed)
   * @throws AgentStoppedException after {@link #stop()}
   */
  public synchronized CompletionStage<AgentSnapshot> passivate() {
    if (stopped) {
      throw new AgentStoppedException(id);
    }
    if (agent == null) {
      return passivated.copy();
    }
    if (unanswered > 0) {
      throw new IllegalStateException("agent " + id + " has " + unanswered + " turn(s) unanswered: passivate once "
          + "their stages have completed");
    }
    ActorRef<Agent.Command> running = agent;
    agent = null;
    passivated = AskPattern.<Agent.Command, AgentSnapshot>ask(running, Agent.GetSnapshot::new, turnTimeout,
        system.scheduler()).toCompletableFuture().whenComplete((snapshot, failure) -> {
          running.tell(Agent.Stop.INSTANCE); // after the snapshot, which the agent answers before it stops
        });
    return passivated.copy();
  }

  /** The running agent: started again from its snapshot if it was passivated. Called under this handle's lock. */
  private ActorRef<Agent.Command> activeAgent() {
    if (agent != null) {
      return agent;
    }
    if (!passivated.isDone()) {
      throw new IllegalStateException("agent " + id + " is being passivated: send once passivate()'s stage "
          + "completes");
    }
    AgentSnapshot snapshot = passivated.join(); // done: a failed snapshot throws here, naming its cause
    agent = system.systemActorOf(Agent.create(spec, snapshot), id + "-" + ++activations, MemloopDispatcher.props());
    passivated = null;
    return agent;
  }

  private synchronized void answered() {
    unanswered--;
  }

  /** Stops the agent (its memory is released); later sends are refused. Idempotent. */
  public synchronized void stop() {
    if (!stopped) {
      stopped = true;
      if (agent != null) {
        agent.tell(Agent.Stop.INSTANCE);
      }
    }
  }
}
