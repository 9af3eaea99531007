package dev.memloop.runtime;

import dev.memloop.runtime.policy.GuardVerdict;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The step machinery of one turn: decide, guard, execute or skip, record, slide the window. Each stage either
 * completes at once (and the loop goes on in the same message) or leaves the loop waiting for a message
 * that {@link Agent} feeds back in. State of the turn in progress only; confined to the agent's actor and
 * dropped when its behavior restarts.
 */
final class StepLoop {

  /** Hands a pending reasoner answer to the actor, which turns it into a message for step {@code step}. */
  interface DecisionWaiter {
    void await(long step, CompletionStage<Decision> pending);
  }

  private enum Waiting { NONE, DECISION, GUARD }

  private final AgentCore core;
  private final ContextWindow window;
  private final DecisionWaiter waiter;
  private Agent.RunTurn run;
  private List<String> pinned;
  private int step;
  private long stepToken;
  private Waiting waiting = Waiting.NONE;
  private Decision decision;
  private long stepStart;
  private PatternMarks marks = PatternMarks.NONE;

  StepLoop(AgentCore core, ContextWindow window, DecisionWaiter waiter) {
    this.core = core;
    this.window = window;
    this.waiter = waiter;
  }

  boolean busy() {
    return run != null;
  }

  boolean waitingFor(long token) {
    return waiting == Waiting.DECISION && token == stepToken;
  }

  void begin(Agent.RunTurn newRun) {
    run = newRun;
    step = 0;
    core.beginTurn(newRun);
    pinned = core.policy.startTurn(newRun.turn());
  }

  /** Runs steps until the turn ends (returns its result, already sent) or a step waits (returns null). */
  TurnResult advance() {
    while (run != null && waiting == Waiting.NONE) {
      if (step == run.turn().observations().size()) {
        return finish();
      }
      startStep();
    }
    return null;
  }

  private void startStep() {
    stepStart = core.spec.timer().nanoTime();
    stepToken++;
    Observation observation = run.turn().observations().get(step);
    marks = core.patterns.observe(observation.text());
    StepContext context = new StepContext(core.spec.id(), run.turn().index(), step, observation, window.visible(), pinned);
    CompletionStage<Decision> stage = core.reasoner.decide(context);
    if (stage == null) {
      throw new IllegalStateException("reasoner of " + core.spec.id() + " returned no decision for step " + step);
    }
    Decision ready = Agent.completedOrNull(stage);
    if (ready == null) {
      waiting = Waiting.DECISION;
      waiter.await(stepToken, stage);
    } else {
      onDecision(ready);
    }
  }

  void onDecision(Decision newDecision) {
    if (newDecision == null) {
      throw new IllegalStateException("reasoner of " + core.spec.id() + " decided null for step " + step);
    }
    decision = newDecision;
    if (decision.acts()) {
      waiting = Waiting.GUARD;
      core.policy.beforeAction(decision.actionLine(), this::onVerdict); // may answer before it returns
    } else {
      onVerdict(GuardVerdict.NOT_APPLICABLE);
    }
  }

  private void onVerdict(GuardVerdict verdict) {
    waiting = Waiting.NONE;
    boolean executed = decision.acts() && !verdict.blocks();
    if (executed) {
      long mergedBefore = core.patterns.merged();
      core.policy.afterAction(decision.actionLine());
      if (core.patterns.merged() > mergedBefore) {
        marks = new PatternMarks(marks.novelty(), marks.repeatOf(), true);
      }
    }
    Observation observation = run.turn().observations().get(step);
    core.inFlightSteps.add(new StepRecord(core.spec.id(), run.turn().index(), step, observation.id(), decision.kind(),
        decision.recognition(), decision.actionLine(), verdict.outcome(), executed, verdict.matchedLine(),
        verdict.similarity(), verdict.embedNanos(), verdict.storeNanos(), verdict.delayNanos(), verdict.lookupNanos(),
        core.spec.timer().nanoTime() - stepStart, marks));
    window.addExchange(observation.text(), decision.acts() ? decision.actionLine() : "skip " + decision.actionLine());
    step++;
  }

  private TurnResult finish() {
    core.policy.endTurn();
    TurnResult result = new TurnResult(core.spec.id(), run.turn().index(), core.inFlightSteps,
        core.policy.budget().budgetNanos(), core.policy.budget().spentNanos(), false, null, core.restarts,
        core.hopsThisTurn());
    Agent.RunTurn finished = run;
    run = null;
    pinned = null;
    core.endTurn();
    core.answer(finished.replyTo(), result);
    return result;
  }
}
