package dev.memloop.agents.triage;

import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.TurnResult;
import dev.memloop.workloads.alerts.AlertTruth;
import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import dev.memloop.workloads.alerts.AlertWorkloads;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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
    String[] ids = new String[workload.alerts().size()];
    for (int p = 0; p < ids.length; p++) {
      ids[p] = workload.alerts().get(p).id();
    }
    return new Tally(ids, workload.truths(), seed);
  }

  /**
   * An empty grade of one agent's turns on the stream of {@code spec} and {@code seed}, made from its truths alone
   * (no prose is made or kept): what a fleet grades with.
   */
  public static Tally tally(AlertWorkloadSpec spec, long seed) {
    List<AlertTruth> truths = AlertWorkloads.truths(spec, seed);
    return new Tally(STREAM_IDS.computeIfAbsent(truths.size(), TriageScorer::streamIds), truths, seed);
  }

  /**
   * The alert ids of a stream of each length, one array shared by every tally (a stream's ids are the same for every
   * seed, and a tally never writes its array): a million-agent fleet kept a million equal arrays.
   */
  private static final Map<Integer, String[]> STREAM_IDS = new ConcurrentHashMap<>();

  private static String[] streamIds(int alerts) {
    String[] ids = new String[alerts];
    for (int p = 0; p < ids.length; p++) {
      ids[p] = AlertWorkloads.alertId(p);
    }
    return ids;
  }

  /**
   * One agent's grade so far. Not thread-safe: fed one turn at a time, in turn order. Keeps the truth it grades
   * against as a few small arrays (a fleet keeps one per agent): each alert's id, whether it is a duplicate, and its
   * incident, numbered by the first alert whose action line it shares.
   */
  public static final class Tally {

    private final String[] ids;
    private final boolean[] duplicate;
    private final int[] incident;
    private final boolean[] incidentExecuted;
    private final int duplicates;
    private final long seed;
    private String agentId = "";
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

    private Tally(String[] ids, List<AlertTruth> truths, long seed) {
      this.ids = ids;
      this.seed = seed;
      int n = truths.size();
      this.duplicate = new boolean[n];
      this.incident = new int[n];
      this.incidentExecuted = new boolean[n];
      String[] lines = new String[n];
      int dups = 0;
      for (int p = 0; p < n; p++) {
        AlertTruth truth = truths.get(p);
        duplicate[p] = truth.isDuplicate();
        dups += duplicate[p] ? 1 : 0;
        lines[p] = truth.actionLine();
        incident[p] = p;
        for (int q = 0; q < p; q++) {
          if (lines[q].equals(lines[p])) {
            incident[p] = incident[q];
            break;
          }
        }
      }
      this.duplicates = dups;
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
      int p = indexOf(step);
      boolean alreadyExecuted = incidentExecuted[incident[p]];
      if (step.decision().kind() == Decision.Kind.SKIP) {
        if (duplicate[p] && step.decision().recognition() != Decision.Recognition.NONE) {
          recognized++;
        } else if (!duplicate[p]) {
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
          incidentExecuted[incident[p]] = true;
        }
      }
    }

    /** The alert a step saw, by its observation id (a workload has a dozen or so: scanned, not indexed). */
    private int indexOf(StepRecord step) {
      String id = step.observationId();
      for (int p = 0; p < ids.length; p++) {
        if (ids[p].equals(id)) {
          return p;
        }
      }
      throw new IllegalArgumentException("step " + id + " of " + step.agentId() + " is not an alert of workload seed "
          + seed);
    }

    public TriageScore score() {
      return new TriageScore(agentId, seed, ids.length, duplicates, executed, redundant,
          recognized, falseSkips, lookups, unaffordable, timedOut, blocks, caught, blockedNew, missed,
          blocks == 0 ? Double.NaN : (double) caught / blocks,
          caught + missed == 0 ? Double.NaN : (double) caught / (caught + missed), aborted);
    }
  }
}
