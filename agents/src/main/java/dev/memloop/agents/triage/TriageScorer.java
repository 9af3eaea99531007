package dev.memloop.agents.triage;

import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import dev.memloop.workloads.alerts.AlertTruth;
import dev.memloop.workloads.alerts.AlertWorkload;
import java.util.Arrays;
import java.util.List;

/**
 * Grades an agent's turns against the workload's ground truth, which only the grader reads: all at once
 * ({@link #score}), or turn by turn as they are answered ({@link #tally}), so that a fleet keeps a few counters per
 * agent instead of its step records.
 */
public final class TriageScorer {

  private TriageScorer() {}

  /** @param turns the agent's turn results, in turn order */
  public static TriageScore score(AlertWorkload workload, long seed, List<TurnResult> turns) {
    Tally tally = tally(workload, seed);
    turns.forEach(tally::add);
    return tally.score();
  }

  /** An empty grade of one agent's turns on {@code workload}: add them in turn order, then read the score. */
  public static Tally tally(AlertWorkload workload, long seed) {
    return new Tally(workload, seed);
  }

  /** One agent's grade so far. Not thread-safe: fed one turn at a time, in turn order. */
  public static final class Tally {

    private final AlertWorkload workload;
    private final long seed;
    private String agentId = "";
    private String[] executedIncidents = new String[4]; // few per agent: a scanned array, not a hash set
    private int executedCount;
    private int executed;
    private int redundant;
    private int recognized;
    private int falseSkips;
    private int lookups;
    private int unaffordable;
    private int timedOut;
    private int blocks;
    private int caught;
    private int blockedNew;
    private int missed;
    private boolean aborted;

    private Tally(AlertWorkload workload, long seed) {
      this.workload = workload;
      this.seed = seed;
    }

    /** The agent's next turn. */
    public void add(TurnResult turn) {
      if (agentId.isEmpty()) {
        agentId = turn.agentId();
      }
      aborted |= turn.aborted();
      for (StepRecord step : turn.steps()) {
        add(step);
      }
    }

    private void add(StepRecord step) {
      AlertTruth truth = workload.truths().get(indexOf(step));
      String incident = truth.actionLine();
      boolean alreadyExecuted = isExecuted(incident);
      if (step.decision().kind() == Decision.Kind.SKIP) {
        if (truth.isDuplicate() && step.decision().recognition() != Decision.Recognition.NONE) {
          recognized++;
        } else if (!truth.isDuplicate()) {
          falseSkips++;
        }
      }
      GuardOutcome guard = step.guard().outcome();
      lookups += guard.afforded() ? 1 : 0;
      unaffordable += guard == GuardOutcome.UNAFFORDABLE ? 1 : 0;
      timedOut += guard == GuardOutcome.TIMED_OUT ? 1 : 0;
      if (guard == GuardOutcome.HIT) {
        blocks++;
        if (alreadyExecuted) {
          caught++;
        } else {
          blockedNew++;
        }
      } else if (guard == GuardOutcome.MISS && alreadyExecuted) {
        missed++;
      }
      if (step.executed()) {
        executed++;
        if (alreadyExecuted) {
          redundant++;
        } else {
          if (executedCount == executedIncidents.length) {
            executedIncidents = Arrays.copyOf(executedIncidents, executedCount * 2);
          }
          executedIncidents[executedCount++] = incident;
        }
      }
    }

    /** The alert a step saw, by its observation id (a workload has a dozen or so: scanned, not indexed). */
    private int indexOf(StepRecord step) {
      String id = step.observationId();
      for (int i = 0; i < workload.alerts().size(); i++) {
        if (workload.alerts().get(i).id().equals(id)) {
          return i;
        }
      }
      throw new IllegalArgumentException("step " + id + " of " + step.agentId() + " is not an alert of workload seed "
          + seed);
    }

    private boolean isExecuted(String incident) {
      for (int i = 0; i < executedCount; i++) {
        if (executedIncidents[i].equals(incident)) {
          return true;
        }
      }
      return false;
    }

    public TriageScore score() {
      return new TriageScore(agentId, seed, workload.alerts().size(), workload.duplicates(), executed, redundant,
          recognized, falseSkips, lookups, unaffordable, timedOut, blocks, caught, blockedNew, missed,
          blocks == 0 ? Double.NaN : (double) caught / blocks,
          caught + missed == 0 ? Double.NaN : (double) caught / (caught + missed), aborted);
    }
  }
}
