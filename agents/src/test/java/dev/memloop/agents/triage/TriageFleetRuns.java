package dev.memloop.agents.triage;

import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.TurnResult;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.FleetResult;
import dev.memloop.runtime.reasoner.SimulatedModel;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;

/** Runs a triage fleet in a test and grades every agent. */
final class TriageFleetRuns {

  record Graded(FleetResult fleet, Map<String, TriageScore> scores) {
    List<TriageScore> group(String name) {
      return scores.values().stream().filter(s -> s.agentId().startsWith(name + "-")).toList();
    }
  }

  private TriageFleetRuns() {}

  static Graded run(ActorSystem<?> system, List<AgentGroup> groups, SimulatedModel.Parameters model, long seed)
      throws Exception {
    TriageFleet.Assembly assembly = TriageFleet.assemble(groups, model, AlertWorkloadSpec.DEFAULT, seed,
        HighResolutionTimer.shared());
    Map<String, List<TurnResult>> turns = new ConcurrentHashMap<>();
    FleetResult result = Fleet.run(system, assembly.members(), FleetOptions.DEFAULT,
        turn -> turns.computeIfAbsent(turn.agentId(), a -> new ArrayList<>()).add(turn))
        .toCompletableFuture().get(2, TimeUnit.MINUTES);
    Map<String, TriageScore> scores = new ConcurrentHashMap<>();
    turns.forEach((agent, list) -> {
      list.sort(Comparator.comparingInt(TurnResult::turn));
      scores.put(agent, TriageScorer.score(assembly.workloads().get(agent), assembly.workloads().get(agent).seed(), list));
    });
    return new Graded(result, scores);
  }

  static double mean(List<TriageScore> scores, java.util.function.ToIntFunction<TriageScore> f) {
    return scores.stream().mapToInt(f).average().orElse(Double.NaN);
  }
}
