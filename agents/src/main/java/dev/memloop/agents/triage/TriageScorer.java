package dev.memloop.agents.triage;

import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import dev.memloop.workloads.alerts.AlertTruth;
import dev.memloop.workloads.alerts.AlertWorkload;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Grades an agent's turns against the workload's ground truth, which only the grader reads. */
public final class TriageScorer {

  private TriageScorer() {}

  /** @param turns the agent's turn results, in turn order */
  public static TriageScore score(AlertWorkload workload, long seed, List<TurnResult> turns) {
    Map<String, Integer> indexOf = new HashMap<>();
    for (int i = 0; i < workload.alerts().size(); i++) {
      indexOf.put(workload.alerts().get(i).id(), i);
    }
    Set<String> executedIncidents = new HashSet<>();
    int executed = 0, redundant = 0, recognized = 0, falseSkips = 0, lookups = 0, unaffordable = 0, timedOut = 0;
    int blocks = 0, caught = 0, blockedNew = 0, missed = 0;
    boolean aborted = false;
    String agentId = turns.isEmpty() ? "" : turns.get(0).agentId();
    for (TurnResult turn : turns) {
      aborted |= turn.aborted();
      for (StepRecord step : turn.steps()) {
        Integer index = indexOf.get(step.observationId());
        if (index == null) {
          throw new IllegalArgumentException("step " + step.observationId() + " of " + step.agentId()
              + " is not an alert of workload seed " + seed);
        }
        AlertTruth truth = workload.truths().get(index);
        String incident = truth.actionLine();
        boolean alreadyExecuted = executedIncidents.contains(incident);
        if (step.decision().kind() == Decision.Kind.SKIP) {
          if (truth.isDuplicate() && step.decision().recognition() != Decision.Recognition.NONE) {
            recognized++;
          } else if (!truth.isDuplicate()) {
            falseSkips++;
          }
        }
        lookups += step.guard().outcome().afforded() ? 1 : 0;
        unaffordable += step.guard().outcome() == GuardOutcome.UNAFFORDABLE ? 1 : 0;
        timedOut += step.guard().outcome() == GuardOutcome.TIMED_OUT ? 1 : 0;
        if (step.guard().outcome() == GuardOutcome.HIT) {
          blocks++;
          if (alreadyExecuted) {
            caught++;
          } else {
            blockedNew++;
          }
        } else if (step.guard().outcome() == GuardOutcome.MISS && alreadyExecuted) {
          missed++;
        }
        if (step.executed()) {
          executed++;
          if (!executedIncidents.add(incident)) {
            redundant++;
          }
        }
      }
    }
    return new TriageScore(agentId, seed, workload.alerts().size(), workload.duplicates(), executed, redundant,
        recognized, falseSkips, lookups, unaffordable, timedOut, blocks, caught, blockedNew, missed,
        blocks == 0 ? Double.NaN : (double) caught / blocks,
        caught + missed == 0 ? Double.NaN : (double) caught / (caught + missed), aborted);
  }
}
