package dev.memloop.agents.triage;

import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.workloads.alerts.Alert;
import dev.memloop.workloads.alerts.AlertWorkload;
import java.util.ArrayList;
import java.util.List;

/** An alert workload as the turns an agent is fed: each alert's id and prose, nothing of its truth. */
public final class TriageWorkloads {

  /**
   * Workload seeds reserved for guard calibration ({@link GuardCalibration}); experiments and fleets must not
   * use them, so that the threshold is chosen on data the results are not measured on.
   */
  public static final long HELD_OUT_FIRST = 1_000_000_000L;
  public static final int HELD_OUT_COUNT = 20;

  private TriageWorkloads() {}

  public static List<Turn> turns(AlertWorkload workload) {
    List<Turn> turns = new ArrayList<>(workload.spec().turns());
    for (int t = 0; t < workload.spec().turns(); t++) {
      List<Observation> observations = new ArrayList<>();
      for (Alert alert : workload.turn(t)) {
        observations.add(new Observation(alert.id(), alert.text()));
      }
      turns.add(new Turn(t, observations));
    }
    return turns;
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
