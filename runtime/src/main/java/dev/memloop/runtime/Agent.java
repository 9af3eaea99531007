package dev.memloop.runtime;

import dev.memloop.memory.actor.MemoryStore;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * An agent: a turn brings observations, and each step asks the {@link Reasoner} for a decision, runs the
 * memory policy's hooks around the action, executes or skips it, and records a {@link StepRecord}. With a
 * synchronous reasoner and the per-step policy a whole turn runs inside the one {@link RunTurn} message: the
 * memory is a method call away. Asynchronous reasoners and networked lookups are waited for without
 * blocking: turns that arrive meanwhile wait in order (up to {@value AgentCore#MAX_WAITING_TURNS}; beyond
 * that they are answered as aborted), and the agent carries on when the answer arrives as a message.
 *
 * <p>An exception in a step restarts the behavior; the agent keeps its memory, reasoner and counters
 * ({@link AgentCore} lives outside the restarted behavior), answers the interrupted turn as aborted, and
 * counts the restart. {@link Stop} closes the memory and stops the agent.
 */
public final class Agent extends AbstractBehavior<Agent.Command> {

  public sealed interface Command {}

  /** Runs one turn and answers with its {@link TurnResult}; turns sent while one runs wait their turn. */
  public record RunTurn(Turn turn, ActorRef<TurnResult> replyTo) implements Command {}

  public record GetStatus(ActorRef<Status> replyTo) implements Command {}

  /** Asks for the agent's snapshot: its own memory's items and its completed turns, for moving it elsewhere. */
  public record GetSnapshot(ActorRef<AgentSnapshot> replyTo) implements Command {}

  public enum Stop implements Command { INSTANCE }

  /** A snapshot of the agent for monitoring and tests. */
  public record Status(String agentId, MemoryPolicyKind policy, boolean busy, int turnsCompleted, int restarts,
      int memorySize) {}

  record Decided(long step, Decision decision, Throwable failure) implements Command {}

  record StoreReplied(MemoryStore.Reply reply) implements Command {}

  record LookupTimedOut(long requestId) implements Command {}

  record BoardReplied(dev.memloop.blackboard.Blackboard.PostReply reply) implements Command {}

  /** Sent to itself after a restart when turns are waiting. */
  record Resume() implements Command {}

  public static Behavior<Command> create(AgentSpec spec) {
    return create(spec, AgentSnapshot.empty(spec.id()));
  }

  /** An agent that starts from {@code snapshot}: its memory rebuilt with the same ids, its turn count carried on. */
  public static Behavior<Command> create(AgentSpec spec, AgentSnapshot snapshot) {
    return Behaviors.setup(outer -> {
      AgentCore core = AgentCore.create(spec, outer);
      core.restore(snapshot);
      Behavior<Command> restartable = Behaviors.setup(context -> new Agent(context, core));
      // keep the child store (networked agents) through restarts: it holds the memory
      return Behaviors.supervise(restartable).onFailure(Exception.class,
          SupervisorStrategy.restart().withStopChildren(false));
    });
  }

  private final AgentCore core;
  private final ContextWindow window;
  private final StepLoop loop;

  private Agent(ActorContext<Command> context, AgentCore core) {
    super(context);
    this.core = core;
    this.window = new ContextWindow(core.spec.config().windowSize(), core.spec.config().windowUnit());
    this.loop = new StepLoop(core, window, this::awaitDecision);
    core.bind(context);
    if (core.started) {
      core.restarts++;
      abortInFlight();
      if (core.hasWaitingTurns()) { // turns that waited through the failure run now
        getContext().getSelf().tell(new Resume());
      }
    }
    core.started = true;
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
    if (command instanceof RunTurn run) {
      return onRunTurn(run);
    } else if (command instanceof Decided decided) {
      return onDecided(decided);
    } else if (command instanceof StoreReplied replied) {
      return onStoreReplied(replied);
    } else if (command instanceof LookupTimedOut timedOut) {
      return onLookupTimedOut(timedOut);
    } else if (command instanceof BoardReplied replied) {
      core.poster().onReply(replied.reply());
      return this;
    } else if (command instanceof GetStatus get) {
      return onGetStatus(get);
    } else if (command instanceof GetSnapshot get) {
      get.replyTo().tell(core.snapshot());
      return this;
    } else if (command instanceof Resume) {
      return onResume();
    } else if (command == Stop.INSTANCE) {
      return onStop();
    }
    throw new IllegalArgumentException("unknown agent command " + command); // the sealed interface rules it out
  }

  private Behavior<Command> onRunTurn(RunTurn run) {
    if (loop.busy() || core.hasWaitingTurns()) {
      core.enqueue(run);
      return this;
    }
    loop.begin(run);
    return continueTurn();
  }

  private Behavior<Command> onDecided(Decided decided) {
    if (!loop.waitingFor(decided.step())) {
      return this; // answer to a step of a behavior that has since restarted
    }
    if (decided.failure() != null) {
      RuntimeException failure = failure(decided.failure());
      core.lastFailure = failure.toString();
      throw failure;
    }
    loop.onDecision(decided.decision());
    return continueTurn();
  }

  private Behavior<Command> onStoreReplied(StoreReplied replied) {
    core.remote().onReply(replied.reply());
    return continueTurn();
  }

  private Behavior<Command> onLookupTimedOut(LookupTimedOut timedOut) {
    core.remote().onTimeout(timedOut.requestId());
    return continueTurn();
  }

  private Behavior<Command> onResume() {
    if (!loop.busy() && core.hasWaitingTurns()) {
      loop.begin(core.nextWaitingTurn());
      return continueTurn();
    }
    return this;
  }

  private Behavior<Command> onGetStatus(GetStatus get) {
    get.replyTo().tell(new Status(core.spec.id(), core.policy.kind(), loop.busy(), core.turnsCompleted, core.restarts,
        core.policy.memorySize()));
    return this;
  }

  private Behavior<Command> onStop() {
    core.close();
    return Behaviors.stopped();
  }

  private Behavior<Command> onPostStop() {
    core.close(); // idempotent; covers a stop by the parent
    return this;
  }

  /** Runs steps until a step has to wait, taking waiting turns as turns end. */
  private Behavior<Command> continueTurn() {
    try {
      while (loop.advance() != null && core.hasWaitingTurns()) {
        loop.begin(core.nextWaitingTurn());
      }
      return this;
    } catch (RuntimeException e) {
      core.lastFailure = e.toString();
      throw e;
    }
  }

  /** Called by the step loop when the reasoner's answer is not ready: it arrives later as a message. */
  private void awaitDecision(long step, CompletionStage<Decision> pending) {
    core.inFlightHops++;
    getContext().pipeToSelf(pending, (decision, failure) -> new Decided(step, decision, failure));
  }

  private void abortInFlight() {
    if (core.inFlight == null) {
      return;
    }
    RunTurn run = core.inFlight;
    List<StepRecord> steps = core.inFlightSteps;
    TurnResult aborted = new TurnResult(core.spec.id(), run.turn().index(), steps, core.policy.budget().budgetNanos(),
        core.policy.budget().spentNanos(), true, core.lastFailure, core.restarts, core.hopsThisTurn());
    core.endTurn();
    run.replyTo().tell(aborted);
  }

  private static RuntimeException failure(Throwable t) {
    Throwable cause = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    return cause instanceof RuntimeException r ? r : new IllegalStateException("the reasoner failed: " + cause, cause);
  }

  static Decision completedOrNull(CompletionStage<Decision> stage) {
    CompletableFuture<Decision> future = stage.toCompletableFuture();
    if (!future.isDone()) {
      return null;
    }
    try {
      return future.join();
    } catch (CompletionException e) {
      throw failure(e);
    }
  }
}
