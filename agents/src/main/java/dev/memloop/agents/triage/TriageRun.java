package dev.memloop.agents.triage;

import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.FleetResult;
import dev.memloop.runtime.reasoner.SimulatedModel;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;

/** Runs an assembled triage fleet and grades every agent against its workload's truth. */
public final class TriageRun {

  /** The runtime's summary, every agent's score, and each group's triage summary. */
  public record Outcome(FleetResult fleet, Map<String, TriageScore> scores, List<TriageSummary> groups) {

    public List<TriageScore> group(String name) {
      return scores.values().stream().filter(s -> s.agentId().startsWith(name + "-")).toList();
    }

    public TriageSummary summary(String name) {
      return groups.stream().filter(g -> g.group().equals(name)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("no group named " + name));
    }
  }

  private TriageRun() {}

  /** @param progress hears every turn as it completes (on the fleet's stream) */
  public static CompletionStage<Outcome> run(ActorSystem<?> system, TriageFleet.Assembly assembly, FleetOptions options,
      FleetListener progress) {
    // graded on the fleet's stream as each turn is answered (an agent's turns come in order): a few counters per
    // agent are kept, not its step records
    Map<String, TriageScorer.Tally> tallies = new HashMap<>();
    assembly.members().forEach(m -> tallies.put(m.id(), TriageScorer.tally(assembly.workload(),
        assembly.seeds().get(m.id()))));
    FleetListener grade = turn -> tallies.get(turn.agentId()).add(turn);
    return Fleet.run(system, assembly.members(), options, FleetListener.all(grade, progress))
        .thenApply(fleet -> grade(assembly, fleet, tallies));
  }

  /**
   * Runs the groups one after another, each alone on the machine, so that one arm's load does not slow
   * another's lookups; the outcome is the same shape as {@link #run}'s.
   */
  public static CompletionStage<Outcome> runGroupsInTurn(ActorSystem<?> system, TriageFleet.Assembly assembly,
      FleetOptions options, FleetListener progress) {
    CompletionStage<List<Outcome>> chain = CompletableFuture.completedFuture(new ArrayList<>());
    for (String group : assembly.groups()) {
      chain = chain.thenCompose(done -> run(system, assembly.onlyGroup(group), options, progress)
          .thenApply(outcome -> {
            done.add(outcome);
            return done;
          }));
    }
    return chain.thenApply(TriageRun::merge);
  }

  /** Seeds of warm-up runs: far from any measured workload, never graded. */
  public static final long WARMUP_SEED_OFFSET = 500_000_000L;

  /**
   * Runs {@code agentsPerGroup} agents of every group once, on workloads far from {@code seed}, ungraded: compiles
   * the hot paths so that the first measured group is not timed while the JIT is still working.
   */
  public static void warmUp(ActorSystem<?> system, List<AgentGroup> groups,
      SimulatedModel.Parameters model, long seed, int agentsPerGroup) throws Exception {
    // a database-backed group warms up on its own memory: the warm-up is for the JIT, and its rows would be found
    // by the measured agents of the same ids
    List<AgentGroup> small = groups.stream().map(g -> new AgentGroup(g.name(), Math.min(agentsPerGroup, g.agents()),
        g.config().memory().store() == MemoryStoreKind.PGVECTOR ? g.config().withStore(MemoryStoreKind.OWN)
            : g.config())).toList();
    runGroupsInTurn(system, TriageFleet.assemble(small, model, AlertWorkloadSpec.DEFAULT,
        seed + WARMUP_SEED_OFFSET, HighResolutionTimer.shared()), FleetOptions.DEFAULT,
        FleetListener.NONE).toCompletableFuture().get(1, TimeUnit.HOURS);
  }

  private static Outcome merge(List<Outcome> parts) {
    Map<String, TriageScore> scores = new LinkedHashMap<>();
    List<TriageSummary> groups = new ArrayList<>();
    List<FleetResult> fleets = new ArrayList<>();
    for (Outcome part : parts) {
      scores.putAll(part.scores());
      groups.addAll(part.groups());
      fleets.add(part.fleet());
    }
    return new Outcome(FleetResult.sequence(fleets), scores, groups);
  }

  private static Outcome grade(TriageFleet.Assembly assembly, FleetResult fleet,
      Map<String, TriageScorer.Tally> tallies) {
    Map<String, TriageScore> scores = new LinkedHashMap<>();
    Map<String, List<TriageScore>> byGroup = new LinkedHashMap<>();
    assembly.members().forEach(m -> byGroup.computeIfAbsent(m.group(), g -> new ArrayList<>()));
    assembly.members().forEach(member -> {
      TriageScore score = tallies.get(member.id()).score();
      scores.put(member.id(), score);
      byGroup.get(member.group()).add(score);
    });
    List<TriageSummary> summaries = new ArrayList<>();
    byGroup.forEach((group, list) -> summaries.add(TriageSummary.of(group, list)));
    return new Outcome(fleet, scores, summaries);
  }
}
