package dev.memloop.agents.triage;

import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.reasoner.SimulatedModel;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import org.apache.pekko.actor.typed.ActorSystem;

/** Runs a graded triage fleet in a test. */
final class TriageFleetRuns {

  private TriageFleetRuns() {}

  static TriageRun.Outcome run(ActorSystem<?> system, List<AgentGroup> groups, SimulatedModel.Parameters model, long seed)
      throws Exception {
    TriageFleet.Assembly assembly = TriageFleet.assemble(groups, model, AlertWorkloadSpec.DEFAULT, seed,
        HighResolutionTimer.shared());
    return TriageRun.run(system, assembly, FleetOptions.DEFAULT, FleetListener.NONE).toCompletableFuture()
        .get(2, TimeUnit.MINUTES);
  }

  static double mean(List<TriageScore> scores, ToIntFunction<TriageScore> f) {
    return scores.stream().mapToInt(f).average().orElse(Double.NaN);
  }
}
