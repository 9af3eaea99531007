package dev.memloop.runtime;

import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.config.ActionSettings;
import dev.memloop.runtime.policy.MemoryPolicy;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The steps of one turn, top to bottom: (1) the reasoner decides, with the step's memory handle; (2) the guard asks
 * the memory whether the proposed action was already done; (3) the executor runs an allowed action, retried as
 * configured; (4) a done action is remembered; (5) the step is recorded and the window slides. Each stage either
 * completes at once, and the loop goes on within the same message, or leaves the loop waiting for a message that
 * {@link Agent} feeds back in ({@link #onDecided}, a store's reply, {@link #onActionAnswered}...). State of the
 * turn in progress only; confined to the agent's actor and dropped when its behavior restarts.
 */
final class StepLoop {

  /** How the loop waits for an answer that is not ready: the agent turns it into a message carrying the token. */
  interface Waits {
    void decision(long token, CompletionStage<Decision> pending);

    /** Returns the attempt's timeout, to be cancelled when the answer comes first. */
    DelayTimer.Scheduled action(long token, int attempt, CompletionStage<String> pending, long timeoutNanos);

    void retry(long token, long backoffNanos);
  }

  private enum Waiting { NONE, DECISION, GUARD, ACTION }

  private final AgentState agent;
  private final MemoryPolicy policy;
  private final ContextWindow window;
  private final Waits waits;
  private Agent.RunTurn run;
  private List<String> pinned;
  private int step;
  private long token; // names the step in progress, so that late answers to earlier steps are dropped
  private Waiting waiting = Waiting.NONE;
  // the step in progress
  private long stepStart;
  private Observation observation;
  private PatternMarks marks;
  private StepHandle memory;
  private Decision decision;
  private GuardCheck guard;
  private int attempts;
  private long actionStart;
  private DelayTimer.Scheduled actionTimeout;

  StepLoop(AgentState agent, ContextWindow window, Waits waits) {
    this.agent = agent;
    this.policy = agent.policy();
    this.window = window;
    this.waits = waits;
  }

  boolean busy() {
    return run != null;
  }

  void begin(Agent.RunTurn newRun) {
    run = newRun;
    step = 0;
    agent.turnStarted(newRun);
    pinned = policy.startTurn(newRun.turn());
  }

  /** Runs steps until the turn ends (returns true: its result is on its way) or a step waits (false). */
  boolean advance() {
    while (run != null && waiting == Waiting.NONE) {
      if (step == run.turn().observations().size()) {
        finishTurn();
        return true;
      }
      decide();
    }
    return false;
  }

  // (1) the reasoner decides

  private void decide() {
    token = agent.nextStepToken();
    stepStart = agent.spec().timer().nanoTime();
    observation = run.turn().observations().get(step);
    marks = policy.observe(observation.text());
    memory = new StepHandle(agent, run.turn().index(), step);
    CompletionStage<Decision> stage = agent.reasoner().decide(new StepContext(agent.spec().id(), run.turn().index(),
        step, observation, window.visible(), pinned, memory));
    if (stage == null) {
      throw new IllegalStateException("reasoner of " + agent.spec().id() + " returned no decision for step " + step);
    }
    CompletableFuture<Decision> future = stage.toCompletableFuture();
    if (future.isDone()) {
      decided(joined(future));
    } else {
      waiting = Waiting.DECISION;
      waits.decision(token, stage);
    }
  }

  /** The reasoner's answer, come back as a message; a failure restarts the agent's behavior. */
  void onDecided(long answered, Decision newDecision, Throwable failure) {
    if (waiting != Waiting.DECISION || answered != token) {
      return; // the answer to a step of a behavior that has since restarted
    }
    if (failure != null) {
      throw failure(failure);
    }
    waiting = Waiting.NONE;
    decided(newDecision);
  }

  // (2) the guard

  private void decided(Decision newDecision) {
    if (newDecision == null) {
      throw new IllegalStateException("reasoner of " + agent.spec().id() + " decided null for step " + step);
    }
    decision = newDecision;
    if (decision.acts()) {
      waiting = Waiting.GUARD;
      policy.guard(decision.actionLine(), this::guarded); // may answer before it returns
    } else {
      guarded(GuardCheck.NOT_APPLICABLE);
    }
  }

  private void guarded(GuardCheck check) {
    waiting = Waiting.NONE;
    guard = check;
    if (decision.acts() && !check.blocks()) {
      attempts = 0;
      actionStart = agent.spec().timer().nanoTime();
      attempt();
    } else {
      record(ActionRun.NOT_RUN, null);
    }
  }

  // (3) the executor

  private void attempt() {
    attempts++;
    Action action = new Action(agent.spec().id(), run.turn().index(), step, decision.actionLine(), observation);
    CompletionStage<String> stage;
    try {
      stage = agent.executor().execute(action, agent.actionDispatcher());
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
      } catch (CompletionException | java.util.concurrent.CancellationException e) {
        attempted(null, e.getCause() == null ? e : e.getCause());
        return;
      }
      attempted(output, null);
    } else {
      waiting = Waiting.ACTION;
      actionTimeout = waits.action(token, attempts, stage, settings().timeout().toNanos());
    }
  }

  /** An asynchronous attempt's answer, come back as a message. */
  void onActionAnswered(long answered, int attempt, String output, Throwable failure) {
    if (waiting == Waiting.ACTION && answered == token && attempt == attempts) {
      waiting = Waiting.NONE;
      actionTimeout.cancel();
      actionTimeout = null;
      attempted(output, failure == null ? null : unwrap(failure));
    }
  }

  /** The timeout of an attempt: if it is still the one running, the step goes on without it. */
  void onActionTimedOut(long answered, int attempt) {
    if (waiting == Waiting.ACTION && answered == token && attempt == attempts) {
      waiting = Waiting.NONE;
      actionTimeout = null;
      acted(new ActionRun(ActionStatus.TIMED_OUT, attempts, null, "no answer within " + settings().timeout(), elapsed()));
    }
  }

  /** A retry's backoff is over. */
  void onRetryDue(long answered) {
    if (waiting == Waiting.ACTION && answered == token) {
      waiting = Waiting.NONE;
      attempt();
    }
  }

  private void attempted(String output, Throwable failure) {
    if (failure == null) {
      acted(new ActionRun(ActionStatus.DONE, attempts, output, null, elapsed()));
    } else if (attempts <= settings().retries()) {
      long backoff = settings().retryBackoff().toNanos();
      if (backoff == 0) {
        attempt();
      } else {
        waiting = Waiting.ACTION;
        waits.retry(token, backoff);
      }
    } else {
      acted(new ActionRun(ActionStatus.FAILED, attempts, null, failure.toString(), elapsed()));
    }
  }

  // (4) a done action is remembered

  private void acted(ActionRun action) {
    record(action, action.done() ? policy.rememberAction(decision.actionLine()) : null);
  }

  // (5) the step is recorded

  private void record(ActionRun action, MemoryOutcome remembered) {
    PatternMarks stepMarks = remembered == MemoryOutcome.MERGED
        ? new PatternMarks(marks.novelty(), marks.repeatOf(), true) : marks;
    agent.stepRecorded(new StepRecord(agent.spec().id(), run.turn().index(), step, observation.id(), decision, guard,
        action, remembered, memory.end(), stepMarks, agent.spec().timer().nanoTime() - stepStart));
    policy.endStep();
    window.addExchange(observation.text(), decision.acts() ? decision.actionLine() : "skip " + decision.actionLine());
    memory = null;
    decision = null;
    guard = null;
    step++;
  }

  private void finishTurn() {
    int refused = policy.endTurn();
    Agent.RunTurn finished = run;
    run = null;
    pinned = null;
    agent.turnEnded(finished.replyTo(), refused);
  }

  private ActionSettings settings() {
    return agent.spec().config().actions();
  }

  private long elapsed() {
    return agent.spec().timer().nanoTime() - actionStart;
  }

  private static Decision joined(CompletableFuture<Decision> done) {
    try {
      return done.join();
    } catch (CompletionException e) {
      throw failure(e);
    }
  }

  private static Throwable unwrap(Throwable t) {
    return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
  }

  static RuntimeException failure(Throwable t) {
    Throwable cause = unwrap(t);
    return cause instanceof RuntimeException r ? r : new IllegalStateException("the reasoner failed: " + cause, cause);
  }
}
