package dev.memloop.agents.board;

import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import dev.memloop.workloads.alerts.AlertTruth;
import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.fleet.FleetAlertWorkload;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Grades a fleet against its workload's truth; only the grader reads it. */
public final class FleetTriageScorer {

  private FleetTriageScorer() {}

  /** @param turnsByAgent every agent's turn results, keyed by agent index into the workload */
  public static FleetTriageScore score(String group, FleetAlertWorkload workload, Map<Integer, List<TurnResult>> turnsByAgent) {
    Set<String> executedByFleet = new HashSet<>();
    long executions = 0, ownRedundant = 0, recognized = 0, lookups = 0, unaffordable = 0, timedOut = 0;
    long blocks = 0, correct = 0, blockedNew = 0;
    int alerts = 0;
    for (Map.Entry<Integer, List<TurnResult>> e : turnsByAgent.entrySet()) {
      AlertWorkload own = workload.agents().get(e.getKey());
      Map<String, Integer> indexOf = new HashMap<>();
      for (int i = 0; i < own.alerts().size(); i++) {
        indexOf.put(own.alerts().get(i).id(), i);
      }
      Set<String> executedByAgent = new HashSet<>();
      for (TurnResult turn : e.getValue()) {
        for (StepRecord step : turn.steps()) {
          alerts++;
          AlertTruth truth = own.truths().get(indexOf.get(step.observationId()));
          String incident = truth.actionLine();
          if (step.decision().kind() == Decision.Kind.SKIP && step.decision().recognition() != Decision.Recognition.NONE) {
            recognized++;
          }
          lookups += step.guard().outcome().afforded() ? 1 : 0;
          unaffordable += step.guard().outcome() == GuardOutcome.UNAFFORDABLE ? 1 : 0;
          timedOut += step.guard().outcome() == GuardOutcome.TIMED_OUT ? 1 : 0;
          if (step.guard().outcome() == GuardOutcome.HIT) {
            blocks++;
            if (incident.equals(step.guard().matchedLine())) {
              correct++;
            } else {
              blockedNew++;
            }
          }
          if (step.executed()) {
            executions++;
            if (!executedByAgent.add(incident)) {
              ownRedundant++;
            }
            executedByFleet.add(incident);
          }
        }
      }
    }
    long redundant = executions - executedByFleet.size();
    return new FleetTriageScore(group, turnsByAgent.size(), alerts, workload.ownDuplicates(), workload.crossDuplicates(),
        executions, redundant, ownRedundant, redundant - ownRedundant, recognized, lookups, unaffordable, timedOut,
        blocks, correct, blockedNew);
  }
}
