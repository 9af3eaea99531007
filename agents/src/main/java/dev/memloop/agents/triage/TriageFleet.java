package dev.memloop.agents.triage;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.ExternalMemories;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.reasoner.SimulatedModel;
import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import dev.memloop.workloads.alerts.AlertWorkloads;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fleet of triage agents. Agent i of every group gets the workload of seed + i (never a held-out seed) and
 * a simulated model seeded from it, so groups are arms compared on the same workloads with the same model;
 * only their memory differs. The workloads are kept for grading.
 */
public final class TriageFleet {

  /** The members to run and, per agent id, the workload (and its seed) it was fed. */
  public record Assembly(List<FleetMember> members, Map<String, AlertWorkload> workloads) {

    /** The groups, in the order they were assembled. */
    public List<String> groups() {
      return members.stream().map(FleetMember::group).distinct().toList();
    }

    public Assembly onlyGroup(String group) {
      List<FleetMember> kept = members.stream().filter(m -> m.group().equals(group)).toList();
      Map<String, AlertWorkload> keptWorkloads = new LinkedHashMap<>();
      kept.forEach(m -> keptWorkloads.put(m.id(), workloads.get(m.id())));
      return new Assembly(kept, keptWorkloads);
    }
  }

  private TriageFleet() {}

  /** Makes one agent's spec: the simulated model's, or an LLM's. */
  @FunctionalInterface
  public interface Specs {
    AgentSpec make(String id, AgentConfig config, Embedder embedder, long agentSeed);
  }

  public static Assembly assemble(List<AgentGroup> groups, SimulatedModel.Parameters model, AlertWorkloadSpec workload,
      long seed, DelayTimer timer) {
    return assemble(groups, model, workload, seed, timer, null);
  }

  /** As above, networked groups with {@code memory.store = pgvector} keeping their memories in {@code memories}. */
  public static Assembly assemble(List<AgentGroup> groups, SimulatedModel.Parameters model, AlertWorkloadSpec workload,
      long seed, DelayTimer timer, ExternalMemories memories) {
    return assemble(groups, (id, config, embedder, agentSeed) -> TriageAgents.builder(id, config, embedder, model,
        agentSeed, timer).memories(memories).build(), workload, seed);
  }

  public static Assembly assemble(List<AgentGroup> groups, Specs specs, AlertWorkloadSpec workload, long seed) {
    List<FleetMember> members = new ArrayList<>();
    Map<String, AlertWorkload> workloads = new LinkedHashMap<>();
    for (AgentGroup group : groups) {
      Embedder embedder = group.config().memory().embedder().embedder();
      for (int i = 0; i < group.agents(); i++) {
        long agentSeed = TriageWorkloads.checkNotHeldOut(seed + i);
        String id = group.name() + "-" + i;
        AlertWorkload alerts = AlertWorkloads.generate(workload, agentSeed);
        workloads.put(id, alerts);
        members.add(new FleetMember(id, group.name(),
            Agent.create(specs.make(id, group.config(), embedder, agentSeed)),
            TriageWorkloads.turns(alerts)));
      }
    }
    return new Assembly(members, workloads);
  }
}
