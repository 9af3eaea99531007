package dev.memloop.agents.triage;

import dev.memloop.runtime.fleet.GeneratedTurns;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.workloads.alerts.Alert;
import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import dev.memloop.workloads.alerts.AlertWorkloads;
import java.util.ArrayList;
import java.util.List;

/** An alert workload as the turns an agent is fed: each alert's id and prose, nothing of its truth. */
public final class TriageWorkloads {

  /**
   * Workload seeds reserved for guard calibration ({@link TriageCalibration}); experiments and fleets must not
   * use them, so that the threshold is chosen on data the results are not measured on.
   */
  public static final long HELD_OUT_FIRST = 1_000_000_000L;
  public static final int HELD_OUT_COUNT = 20;

  private TriageWorkloads() {}

  public static List<Turn> turns(AlertWorkload workload) {
    List<Turn> turns = new ArrayList<>(workload.spec().turns());
    for (int t = 0; t < workload.spec().turns(); t++) {
      turns.add(turn(t, workload.turn(t)));
    }
    return turns;
  }

  /**
   * The turns of the stream of {@code spec} and {@code seed}, each made when it is read (a fleet reads it when it
   * sends it): equal to {@code turns(AlertWorkloads.generate(spec, seed))}, with no workload held between turns.
   */
  public static List<Turn> turns(AlertWorkloadSpec spec, long seed) {
    return GeneratedTurns.of(spec.turns(), t -> turn(t, AlertWorkloads.turn(spec, seed, t)));
  }

  private static Turn turn(int index, List<Alert> alerts) {
    List<Observation> observations = new ArrayList<>(alerts.size());
    for (Alert alert : alerts) {
      observations.add(new Observation(alert.id(), alert.text()));
    }
    return new Turn(index, observations);
  }

  public static boolean isHeldOut(long seed) {
    return seed >= HELD_OUT_FIRST && seed < HELD_OUT_FIRST + HELD_OUT_COUNT;
  }

  /** Refuses a held-out seed for an experiment, naming it. */
  public static long checkNotHeldOut(long seed) {
    if (isHeldOut(seed)) {
      throw new IllegalArgumentException("seed " + seed + " is held out for guard calibration (seeds "
          + HELD_OUT_FIRST + " to " + (HELD_OUT_FIRST + HELD_OUT_COUNT - 1) + "); choose another");
    }
    return seed;
  }
}
