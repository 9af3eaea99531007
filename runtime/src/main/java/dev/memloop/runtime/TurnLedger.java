package dev.memloop.runtime;

import dev.memloop.runtime.internal.policy.MemoryPolicy;
import dev.memloop.runtime.internal.tracing.TurnTrace;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * An agent's turns from start to answer, and the one place a {@link TurnResult} is made: the turn in flight and its
 * steps, the record of the last one that ended (for retries, {@link TurnRetries}), the trace's spans, and the count
 * of turns completed. A turn is answered exactly once: ended, aborted (a restart interrupted it), or refused before
 * it ran. Confined to the agent's actor.
 */
final class TurnLedger {

  private final String agentId;
  private final MemoryPolicy policy;
  private final TurnTrace trace;
  private final TurnRetries retries = new TurnRetries();
  private Agent.RunTurn inFlight;
  private List<StepRecord> steps;
  private boolean resumed; // the turn in flight resumes an aborted one, already counted in completed
  private int completed;

  TurnLedger(String agentId, MemoryPolicy policy, TurnTrace trace) {
    this.agentId = agentId;
    this.policy = policy;
    this.trace = trace;
  }

  /** Classifies a turn whose index was already taken (see {@link TurnRetries#classify}). */
  TurnRetries.Retry classify(Agent.RunTurn run, Collection<Agent.RunTurn> waiting) {
    return retries.classify(run, inFlight, waiting);
  }

  /** A turn starts; returns the step it starts at: 0, or the step that failed when it resumes an aborted turn. */
  int start(Agent.RunTurn run) {
    trace.start(run.turn().index(), run.traceParent());
    inFlight = run;
    steps = new ArrayList<>(run.turn().observations().size());
    TurnResult aborted = retries.resumes(run.turn());
    resumed = aborted != null;
    if (resumed) {
      steps.addAll(aborted.steps());
    }
    return resumed ? aborted.steps().size() : 0;
  }

  void stepRecorded(StepRecord record) {
    steps.add(record);
    trace.step(record);
  }

  /** Whether a turn is in flight. */
  boolean running() {
    return inFlight != null;
  }

  /**
   * The turn in flight ended: its result, and the senders of retries that waited for it beside its own, to be told
   * the result together.
   */
  Answer ended(int restarts, long hops, int writesRefused) {
    return close(result(inFlight.turn().index(), steps, policy.budget().spentNanos(), false, null, restarts, hops,
        writesRefused));
  }

  /** The turn in flight was interrupted (a restart): answered as aborted, with the steps it completed. */
  Answer aborted(String failure, int restarts, long hops) {
    return close(result(inFlight.turn().index(), steps, policy.budget().spentNanos(), true, failure, restarts, hops,
        0));
  }

  /** A turn refused before it ran (a wrong index, a full queue), answered at once as aborted, naming why. */
  void refuse(Agent.RunTurn run, String why, int restarts) {
    run.replyTo().tell(result(run.turn().index(), List.of(), 0, true, why, restarts, 0, 0));
  }

  private Answer close(TurnResult result) {
    Agent.RunTurn run = inFlight;
    List<ActorRef<TurnResult>> retried = retries.ended(run.turn(), result);
    inFlight = null;
    steps = null;
    completed += resumed ? 0 : 1;
    trace.end(result);
    return new Answer(result, run.replyTo(), retried);
  }

  private TurnResult result(int index, List<StepRecord> recorded, long spentNanos, boolean aborted, String failure,
      int restarts, long hops, int writesRefused) {
    return new TurnResult(agentId, index, recorded, policy.budget().budgetNanos(), spentNanos, aborted, failure,
        restarts, hops, writesRefused);
  }

  /** A turn's result and everyone waiting for it. */
  record Answer(TurnResult result, ActorRef<TurnResult> replyTo, List<ActorRef<TurnResult>> retried) {
    void tell() {
      replyTo.tell(result);
      retried.forEach(sender -> sender.tell(result));
    }
  }

  int completed() {
    return completed;
  }

  /** A snapshot's count carries on. */
  void completed(int turns) {
    completed = turns;
  }

  /** The turn in flight and the step it is on, for log lines; empty between turns. */
  Map<String, String> logContext(Agent.Command message) {
    if (inFlight != null) {
      return Map.of(Agent.MDC_TURN, Integer.toString(inFlight.turn().index()), Agent.MDC_STEP,
          Integer.toString(steps.size()));
    }
    if (message instanceof Agent.RunTurn run) {
      return Map.of(Agent.MDC_TURN, Integer.toString(run.turn().index()), Agent.MDC_STEP, "0");
    }
    return Map.of();
  }
}
