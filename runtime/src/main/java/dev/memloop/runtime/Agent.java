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
import org.apache.pekko.actor.typed.javadsl.StashBuffer;

/**
 * An agent: a turn brings observations, and each step asks the {@link Reasoner} for a decision, runs the
 * memory policy's hooks around the action, executes or skips it, and records a {@link StepRecord}. With a
 * synchronous reasoner and the per-step policy a whole turn runs inside the one {@link RunTurn} message: the
 * memory is a method call away. Asynchronous reasoners and networked lookups are waited for without
 * blocking: the agent stashes new turns and carries on when their answer arrives as a message.
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

  public enum Stop implements Command { INSTANCE }

  /** A snapshot of the agent for monitoring and tests. */
  public record Status(String agentId, MemoryPolicyKind policy, boolean busy, int turnsCompleted, int restarts,
      int memorySize) {}

  record Decided(long step, Decision decision, Throwable failure) implements Command {}

  record StoreReplied(MemoryStore.Reply reply) implements Command {}

  record LookupTimedOut(long requestId) implements Command {}

  private static final int STASH_CAPACITY = 1_000;

  public static Behavior<Command> create(AgentSpec spec) {
    return Behaviors.setup(outer -> {
      AgentCore core = AgentCore.create(spec, outer);
      Behavior<Command> restartable = Behaviors.setup(context ->
          Behaviors.withStash(STASH_CAPACITY, stash -> new Agent(context, stash, core)));
      // keep the child store (networked agents) through restarts: it holds the memory
      return Behaviors.supervise(restartable).onFailure(Exception.class,
          SupervisorStrategy.restart().withStopChildren(false));
    });
  }

  private final AgentCore core;
  private final StashBuffer<Command> stash;
  private final ContextWindow window;
  private final StepLoop loop;

  private Agent(ActorContext<Command> context, StashBuffer<Command> stash, AgentCore core) {
    super(context);
    this.core = core;
    this.stash = stash;
    this.window = new ContextWindow(core.spec.config().windowSize(), core.spec.config().windowUnit());
    this.loop = new StepLoop(core, window, this::awaitDecision);
    core.bind(context);
    if (core.started) {
      core.restarts++;
      abortInFlight();
    }
    core.started = true;
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(RunTurn.class, this::onRunTurn)
        .onMessage(Decided.class, this::onDecided)
        .onMessage(StoreReplied.class, this::onStoreReplied)
        .onMessage(LookupTimedOut.class, this::onLookupTimedOut)
        .onMessage(GetStatus.class, this::onGetStatus)
        .onMessageEquals(Stop.INSTANCE, this::onStop)
        .onSignal(PostStop.class, signal -> onPostStop())
        .build();
  }

  private Behavior<Command> onRunTurn(RunTurn run) {
    if (loop.busy()) {
      stash.stash(run);
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

  /** Runs steps until the turn ends or a step has to wait; then takes the next stashed turn, if any. */
  private Behavior<Command> continueTurn() {
    try {
      TurnResult finished = loop.advance();
      if (finished != null) {
        return stash.unstashAll(this);
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
