package dev.memloop.runtime;

import dev.memloop.runtime.internal.tracing.TurnTrace;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
  private final ActorRef<Agent.Command> agent;
  private final String id;
  private final Duration turnTimeout;
  private int nextTurn;
  private boolean stopped;

  private AgentHandle(ActorSystem<?> system, ActorRef<Agent.Command> agent, String id, Duration turnTimeout) {
    this.system = system;
    this.agent = agent;
    this.id = id;
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
    return new AgentHandle(system, ref, spec.id(), turnTimeout);
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
      index = nextTurn++;
      Turn turn = new Turn(index, observations.apply(index));
      String traceParent = TurnTrace.traceParentOf(io.opentelemetry.context.Context.current()); // the caller's span
      answer = AskPattern.<Agent.Command, TurnResult>ask(agent, replyTo -> new Agent.RunTurn(turn, replyTo,
          traceParent), turnTimeout, system.scheduler());
    }
    int turn = index;
    return answer.handle((result, failure) -> {
      if (failure != null) {
        Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
            ? failure.getCause() : failure;
        throw cause instanceof java.util.concurrent.TimeoutException
            ? new TurnTimeoutException(id, turn, turnTimeout, cause) : new java.util.concurrent.CompletionException(cause);
      }
      if (result.aborted()) {
        throw new TurnFailedException(result);
      }
      return result;
    });
  }

  /** What the agent's memory holds, once its writes in flight are acknowledged. */
  public CompletionStage<AgentSnapshot> snapshot() {
    return AskPattern.ask(agent, Agent.GetSnapshot::new, turnTimeout, system.scheduler());
  }

  /** Stops the agent (its memory is released); later sends are refused. Idempotent. */
  public synchronized void stop() {
    if (!stopped) {
      stopped = true;
      agent.tell(Agent.Stop.INSTANCE);
    }
  }
}
