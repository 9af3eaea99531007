package dev.memloop.runtime;

import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.config.ActionSettings;
import dev.memloop.runtime.internal.identity.GuardKey;
import dev.memloop.runtime.internal.identity.GuardKeys;
import dev.memloop.runtime.internal.policy.MemoryPolicy;
import dev.memloop.runtime.step.Action;
import dev.memloop.runtime.step.ActionRun;
import dev.memloop.runtime.step.ActionStatus;
import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.PatternMarks;
import dev.memloop.runtime.step.StepContext;
import dev.memloop.runtime.step.StepRecord;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.ActorContext;

/**
 * The steps of one turn, top to bottom: (1) the reasoner decides, with the step's memory handle; (2) the guard asks
 * the memory whether the proposed action was already done; (3) the executor runs an allowed action, retried as
 * configured; (4) a done action is remembered; (5) the step is recorded and the window slides. Each stage either
 * completes at once, and the loop goes on within the same message, or leaves the loop waiting for an answer that
 * comes back as a message to the agent ({@link #onDecided}, {@link #onActionAnswered}, a store's reply), never on
 * a blocked thread. State of the turn in progress only; confined to the agent's actor and dropped when its
 * behavior restarts.
 *
 * <p>Over 300 lines for one reason: the numbered stages are the loop, read top to bottom in one file, each stage a
 * method of its own.
 */
final class StepLoop {

  private enum Waiting { NONE, DECISION, GUARD, ACTION }

  /** The step in progress: made when it starts, dropped when it is recorded, so an idle agent holds none. */
  private static final class Step {
    final long token; // names the step, so that late answers to earlier steps are dropped
    final long start;
    final Observation observation;
    final PatternMarks marks;
    final StepHandle memory;
    Decision decision;
    GuardKey key; // what the guard compares: the action's identity and wording, read once
    GuardCheck guard;
    int attempts;
    long actionStart;
    DelayTimer.Scheduled actionTimeout;
    DelayTimer.Scheduled decideTimeout;

    Step(long token, long start, Observation observation, PatternMarks marks, StepHandle memory) {
      this.token = token;
      this.start = start;
      this.observation = observation;
      this.marks = marks;
      this.memory = memory;
    }
  }

  private final AgentState agent;
  private final ContextWindow window;
  private final ActorContext<Agent.Command> context;
  private Agent.RunTurn run;
  private List<String> pinned;
  private int index;
  private Waiting waiting = Waiting.NONE;
  private Step step;

  StepLoop(AgentState agent, ContextWindow window, ActorContext<Agent.Command> context) {
    this.agent = agent;
    this.window = window;
    this.context = context;
  }

  boolean busy() {
    return run != null;
  }

  void begin(Agent.RunTurn newRun) {
    run = newRun;
    index = agent.turnStarted(newRun); // past the steps an aborted turn completed, when this resumes it
    pinned = policy().startTurn(newRun.turn());
  }

  /** Runs steps until the turn ends (returns true: its result is on its way) or a step waits (false). */
  boolean advance() {
    while (run != null && waiting == Waiting.NONE) {
      if (index == run.turn().observations().size()) {
        finishTurn();
        return true;
      }
      decide();
    }
    return false;
  }

  // (1) the reasoner decides

  private void decide() {
    Observation observation = run.turn().observations().get(index);
    int turn = run.turn().index();
    step = new Step(agent.nextStepToken(), agent.spec().timer().nanoTime(), observation,
        policy().observe(observation.text()), new StepHandle(agent, turn, index));
    CompletionStage<Decision> stage = agent.reasoner().decide(new StepContext(agent.spec().id(), turn, index,
        observation, window.visible(), pinned, step.memory));
    if (stage == null) {
      throw new IllegalStateException("reasoner of " + agent.spec().id() + " returned no decision for step " + index);
    }
    CompletableFuture<Decision> future = stage.toCompletableFuture();
    if (future.isDone()) {
      decided(joined(future));
    } else {
      waiting = Waiting.DECISION;
      agent.awaited();
      long token = step.token;
      context.pipeToSelf(stage, (decision, failure) -> new Agent.Decided(token, decision, failure));
      ActorRef<Agent.Command> self = context.getSelf();
      step.decideTimeout = agent.spec().timer().schedule(agent.spec().config().decideTimeout().toNanos(),
          achieved -> self.tell(new Agent.DecideTimedOut(token)));
    }
  }

  /** The reasoner's answer, come back as a message; a failure restarts the agent's behavior. */
  void onDecided(long token, Decision decision, Throwable failure) {
    if (waiting != Waiting.DECISION || token != step.token) {
      return; // the answer to a step of a behavior that has since restarted, or that timed out
    }
    step.decideTimeout.cancel(); // else every decision would leave its timeout in the timer's queue
    step.decideTimeout = null;
    if (failure != null) {
      throw failure(failure);
    }
    waiting = Waiting.NONE;
    decided(decision);
  }

  /** The reasoner took longer than {@code decide-timeout}: the step fails with a named timeout. */
  void onDecideTimedOut(long token) {
    if (waiting != Waiting.DECISION || token != step.token) {
      return; // decided in time
    }
    throw new DecideTimeoutException(agent.spec().id(), run.turn().index(), index,
        agent.spec().config().decideTimeout());
  }

  // (2) the guard

  private void decided(Decision decision) {
    if (decision == null) {
      throw new IllegalStateException("reasoner of " + agent.spec().id() + " decided null for step " + index);
    }
    step.decision = decision;
    if (decision.acts()) {
      // the agent's extractor reads the identity; one that throws fails the step, naming it, and nothing runs
      step.key = GuardKeys.of(decision.actionLine(), decision.identity(), agent.spec().identifiers(),
          agent.spec().timer()::nanoTime);
      waiting = Waiting.GUARD;
      policy().guard(step.key, this::guarded); // may answer before it returns
    } else {
      guarded(GuardCheck.NOT_APPLICABLE);
    }
  }

  private void guarded(GuardCheck check) {
    waiting = Waiting.NONE;
    step.guard = check;
    if (step.decision.acts() && !check.blocks()) {
      step.actionStart = agent.spec().timer().nanoTime();
      attempt();
    } else {
      record(ActionRun.NOT_RUN, null);
    }
  }

  // (3) the executor

  private void attempt() {
    int attempt = ++step.attempts;
    Action action = new Action(agent.spec().id(), run.turn().index(), index, step.decision.actionLine(),
        step.observation, step.decision.identity());
    CompletionStage<String> stage;
    try {
      stage = agent.executor().execute(action, agent.actions());
    } catch (Exception e) {
      attempted(null, e);
      return;
    }
    CompletableFuture<String> future = stage == null ? null : stage.toCompletableFuture();
    if (future == null) {
      attempted(null, new IllegalStateException("the action executor returned no stage"));
    } else if (future.isDone()) {
      String output;
      try {
        output = future.join();
      } catch (CompletionException | CancellationException e) {
        attempted(null, unwrap(e));
        return;
      }
      attempted(output, null);
    } else {
      waiting = Waiting.ACTION;
      agent.awaited();
      long token = step.token;
      ActorRef<Agent.Command> self = context.getSelf();
      context.pipeToSelf(stage, (output, failure) -> new Agent.ActionAnswered(token, attempt, output, failure));
      step.actionTimeout = agent.spec().timer().schedule(settings().timeout().toNanos(),
          achieved -> self.tell(new Agent.ActionTimedOut(token, attempt)));
    }
  }

  /** An asynchronous attempt's answer, come back as a message. */
  void onActionAnswered(long token, int attempt, String output, Throwable failure) {
    if (isAttemptInFlight(token, attempt)) {
      waiting = Waiting.NONE;
      step.actionTimeout.cancel(); // else every answered action would leave its timeout in the timer's queue
      step.actionTimeout = null;
      attempted(output, failure == null ? null : unwrap(failure));
    }
  }

  /** The timeout of an attempt: if it is still the one running, the step goes on without it. */
  void onActionTimedOut(long token, int attempt) {
    if (isAttemptInFlight(token, attempt)) {
      waiting = Waiting.NONE;
      step.actionTimeout = null;
      acted(new ActionRun(ActionStatus.TIMED_OUT, step.attempts, null, "no answer within " + Units.config(settings().timeout()),
          elapsed()));
    }
  }

  /** A retry's backoff is over. */
  void onRetryDue(long token) {
    if (waiting == Waiting.ACTION && step != null && token == step.token) {
      waiting = Waiting.NONE;
      attempt();
    }
  }

  private boolean isAttemptInFlight(long token, int attempt) {
    return waiting == Waiting.ACTION && step != null && token == step.token && attempt == step.attempts;
  }

  private void attempted(String output, Throwable failure) {
    if (failure == null) {
      acted(new ActionRun(ActionStatus.DONE, step.attempts, output, null, elapsed()));
    } else if (step.attempts <= settings().retries()) {
      long backoff = settings().retryBackoff().toNanos();
      if (backoff == 0) {
        attempt();
      } else {
        waiting = Waiting.ACTION;
        long token = step.token;
        ActorRef<Agent.Command> self = context.getSelf();
        agent.spec().timer().schedule(backoff, achieved -> self.tell(new Agent.RetryDue(token)));
      }
    } else {
      acted(new ActionRun(ActionStatus.FAILED, step.attempts, null, failure.toString(), elapsed()));
    }
  }

  // (4) a done action is remembered

  private void acted(ActionRun action) {
    record(action, action.done() ? policy().rememberAction(step.key) : null);
  }

  // (5) the step is recorded

  private void record(ActionRun action, MemoryOutcome remembered) {
    PatternMarks marks = remembered == MemoryOutcome.MERGED
        ? new PatternMarks(step.marks.novelty(), step.marks.repeatOf(), true) : step.marks;
    Decision decision = step.decision;
    agent.stepRecorded(new StepRecord(agent.spec().id(), run.turn().index(), index, step.observation.id(), decision,
        step.guard, action, remembered, step.memory.end(), marks, agent.spec().timer().nanoTime() - step.start));
    policy().endStep();
    window.addExchange(step.observation.text(), decision.kind() == Decision.Kind.SKIP ? "skip " + decision.actionLine()
        : decision.actionLine());
    step = null;
    index++;
  }

  private void finishTurn() {
    int refused = policy().endTurn();
    run = null;
    pinned = null;
    agent.turnEnded(refused);
  }

  private MemoryPolicy policy() {
    return agent.policy();
  }

  private ActionSettings settings() {
    return agent.spec().config().actions();
  }

  private long elapsed() {
    return agent.spec().timer().nanoTime() - step.actionStart;
  }

  private static Decision joined(CompletableFuture<Decision> done) {
    try {
      return done.join();
    } catch (CompletionException e) {
      throw failure(e);
    }
  }

  private static Throwable unwrap(Throwable t) {
    return (t instanceof CompletionException || t instanceof java.util.concurrent.ExecutionException)
        && t.getCause() != null ? t.getCause() : t;
  }

  static RuntimeException failure(Throwable t) {
    Throwable cause = unwrap(t);
    return cause instanceof RuntimeException r ? r : new IllegalStateException("the reasoner failed: " + cause, cause);
  }
}
