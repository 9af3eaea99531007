package dev.memloop.runtime;

import dev.memloop.blackboard.Blackboard;
import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * An agent: a turn brings observations, and each step runs the {@link StepLoop}: the {@link Reasoner} decides with
 * the agent's memory at hand, the guard checks the proposed action against that memory, the {@link ActionExecutor}
 * runs an allowed one, and the step is recorded. With a synchronous reasoner and executor and the per-step policy a
 * whole turn runs inside the one {@link RunTurn} message: the memory is a method call away. Asynchronous reasoners,
 * actions and networked memory are waited for without blocking: their answers come back as messages, turns that
 * arrive meanwhile wait in order (up to {@value TurnAdmission#MAX_WAITING_TURNS}; beyond that they are answered as
 * aborted), and the agent carries on when the answer arrives.
 *
 * <p>An exception in a step restarts the behavior; the agent keeps its memory, reasoner and counters
 * ({@link AgentState} lives outside the restarted behavior), answers the interrupted turn as aborted, and counts
 * the restart. {@link Stop} closes the memory and stops the agent.
 */
public final class Agent extends AbstractBehavior<Agent.Command> {

  /** What an agent is sent. */
  public sealed interface Command {}

  /**
   * Runs {@code turn}; its {@link TurnResult} goes to {@code replyTo}, and turns sent while one runs wait their turn.
   * Sending the same turn again (equal index and observations) is a retry and safe: a retry of a turn running or
   * waiting is answered when it ends, one of the last turn answered from its record, one of the last turn aborted
   * resumes it at the step that failed; no step runs twice. {@code traceParent} is the W3C {@code traceparent} of
   * the span the turn was sent from (its {@code memloop.turn} span becomes that span's child when the agent has a
   * tracer), or null.
   */
  public record RunTurn(Turn turn, ActorRef<TurnResult> replyTo, String traceParent) implements Command {

    public RunTurn(Turn turn, ActorRef<TurnResult> replyTo) {
      this(turn, replyTo, null);
    }
  }

  /** Asks for the agent's {@link Status}; answered between turns and while a turn waits. */
  public record GetStatus(ActorRef<Status> replyTo) implements Command {}

  /** Asks for the agent's snapshot: its own memory's items and its completed turns, for moving it elsewhere. */
  public record GetSnapshot(ActorRef<AgentSnapshot> replyTo) implements Command {}

  /** Closes the agent's memory and stops it; a turn in flight is not answered. */
  public enum Stop implements Command { INSTANCE }

  /** A snapshot of the agent for monitoring and tests. */
  public record Status(String agentId, MemoryPolicyKind policy, boolean busy, int turnsCompleted, int restarts,
      int memorySize) {}

  record Decided(long step, Decision decision, Throwable failure) implements Command {}

  record ActionAnswered(long step, int attempt, String output, Throwable failure) implements Command {}

  record ActionTimedOut(long step, int attempt) implements Command {}

  record DecideTimedOut(long step) implements Command {}

  record RetryDue(long step) implements Command {}

  record StoreReplied(MemoryStore.Reply reply) implements Command {}

  record LookupTimedOut(long requestId) implements Command {}

  record BoardReplied(Blackboard.PostReply reply) implements Command {}

  /** A memory call made on another thread, handed to the agent to run on its own. */
  record RunOnAgent(Runnable call) implements Command {}

  /** Sent to itself after a restart when turns are waiting. */
  record Resume() implements Command {}

  /** Sent to itself when idle after a turn: one slice of consolidation ({@code AgentSpec.Builder.consolidation}). */
  enum Consolidate implements Command { SLICE }

  /** The MDC keys of every log line an agent's actor writes (docs/METRICS.md, "Logs"). */
  public static final String MDC_AGENT = "agentId";
  public static final String MDC_TURN = "turn";
  public static final String MDC_STEP = "step";

  public static Behavior<Command> create(AgentSpec spec) {
    return create(spec, AgentSnapshot.empty(spec.id()));
  }

  /** An agent that starts from {@code snapshot}: its memory rebuilt with the same ids, its turn count carried on. */
  public static Behavior<Command> create(AgentSpec spec, AgentSnapshot snapshot) {
    if (spec == null || snapshot == null) {
      throw new IllegalArgumentException("an agent needs its spec and a snapshot (AgentSnapshot.empty for none)");
    }
    return Behaviors.setup(outer -> {
      AgentState state = AgentState.create(spec, outer);
      state.restore(snapshot);
      Behavior<Command> restartable = Behaviors.setup(context -> new Agent(context, state));
      // keep the child store (networked agents) through restarts: it holds the memory
      // the failure is logged by onCommand as one line with its cause chain; the supervisor's stack trace is debug
      Behavior<Command> supervised = Behaviors.supervise(restartable).onFailure(Exception.class,
          SupervisorStrategy.restart().withStopChildren(false).withLogLevel(org.slf4j.event.Level.DEBUG));
      // outside the supervisor, so that the failure it logs carries the turn and step that failed
      return Behaviors.withMdc(Command.class, Map.of(MDC_AGENT, spec.id()), state::logContext, supervised);
    });
  }

  private final AgentState state;
  private final StepLoop loop;

  private Agent(ActorContext<Command> context, AgentState state) {
    super(context);
    this.state = state;
    ContextWindow window = new ContextWindow(state.spec().config().window().size(), state.spec().config().window().unit());
    this.loop = new StepLoop(state, window, context);
    if (state.behaviorStarted(context)) {
      state.abortInFlight();
      if (state.hasWaitingTurns()) { // turns that waited through the failure run now
        context.getSelf().tell(new Resume());
      }
    }
  }

  @Override
  public Receive<Command> createReceive() {
    // One case, not one per message type: every ReceiveBuilder case is a Case, a list cell and a bound method
    // reference in each agent instance (~64 bytes), and seven of them were a quarter of an idle agent's heap.
    return newReceiveBuilder()
        .onMessage(Command.class, this::onCommand)
        .onSignal(PostStop.class, signal -> onPostStop())
        .build();
  }

  private Behavior<Command> onCommand(Command command) {
    state.enter();
    try {
      return handle(command);
    } catch (RuntimeException e) {
      state.failed(e.toString());
      getContext().getLog().warn("step failed, the agent restarts and answers the turn as aborted: {}", causes(e));
      throw e;
    } finally {
      state.leave();
    }
  }

  /** The failure and its causes on one line, outermost first (the stack trace is logged at debug). */
  static String causes(Throwable failure) {
    StringBuilder line = new StringBuilder(failure.toString());
    java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    seen.add(failure);
    for (Throwable c = failure.getCause(); c != null && seen.add(c); c = c.getCause()) {
      line.append(" <- caused by ").append(c);
    }
    return line.toString();
  }

  private Behavior<Command> handle(Command command) {
    if (command instanceof RunTurn run) {
      if (!state.acceptsIndex(run)) {
        return this;
      }
      if (loop.busy() || state.hasWaitingTurns()) {
        state.enqueue(run);
        return this;
      }
      loop.begin(run);
    } else if (command instanceof Decided d) {
      loop.onDecided(d.step(), d.decision(), d.failure());
    } else if (command instanceof DecideTimedOut t) {
      loop.onDecideTimedOut(t.step());
    } else if (command instanceof StoreReplied replied) {
      state.onStoreReply(replied.reply());
    } else if (command instanceof LookupTimedOut timedOut) {
      state.onStoreTimeout(timedOut.requestId());
    } else if (command instanceof ActionAnswered a) {
      loop.onActionAnswered(a.step(), a.attempt(), a.output(), a.failure());
    } else if (command instanceof ActionTimedOut t) {
      loop.onActionTimedOut(t.step(), t.attempt());
    } else if (command instanceof RetryDue r) {
      loop.onRetryDue(r.step());
    } else if (command instanceof BoardReplied replied) {
      state.onBoardReply(replied.reply());
      return this;
    } else if (command instanceof RunOnAgent call) {
      call.call().run();
    } else if (command instanceof GetStatus get) {
      get.replyTo().tell(state.status(loop.busy()));
      return this;
    } else if (command instanceof GetSnapshot get) {
      state.replySnapshot(get.replyTo());
      return this;
    } else if (command == Consolidate.SLICE) {
      if (loop.busy() || state.hasWaitingTurns()) {
        state.consolidation().pause(); // a turn goes first; the pass goes on where it stopped once the agent is idle
        return this;
      }
      if (state.consolidation().slice()) {
        getContext().getSelf().tell(Consolidate.SLICE); // behind whatever arrived meanwhile
      }
      return this;
    } else if (command instanceof Resume) {
      if (loop.busy() || !state.hasWaitingTurns()) {
        return this;
      }
      loop.begin(state.nextWaitingTurn());
    } else if (command == Stop.INSTANCE) {
      state.close();
      return Behaviors.stopped();
    } else {
      throw new IllegalArgumentException("unknown agent command " + command); // the sealed interface rules it out
    }
    return continueTurn();
  }

  private Behavior<Command> onPostStop() {
    state.close(); // idempotent; covers a stop by the parent
    return this;
  }

  /** Runs steps until a step has to wait, taking waiting turns as turns end. */
  private Behavior<Command> continueTurn() {
    while (loop.advance() && state.hasWaitingTurns()) {
      loop.begin(state.nextWaitingTurn());
    }
    if (!loop.busy() && state.consolidation().due()) { // idle after a turn: tidy the memory, a slice at a time
      getContext().getSelf().tell(Consolidate.SLICE);
    }
    return this;
  }
}
