package dev.memloop.agents.triage;

import dev.memloop.memory.ContentPool;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.IndexKind;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.ExternalMemories;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.reasoner.SimulatedModel;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A fleet of triage agents. Agent i of every group gets the workload of seed + i (never a held-out seed) and
 * a simulated model seeded from it, so groups are arms compared on the same workloads with the same model;
 * only their memory differs. No workload is held: each turn is made when it is sent, and graders remake the truth
 * from the spec and the agent's seed.
 */
public final class TriageFleet {

  /** The members to run, the spec of their workloads and, per agent id, the seed of the workload it is fed. */
  public record Assembly(List<FleetMember> members, AlertWorkloadSpec workload, Map<String, Long> seeds) {

    /** The groups, in the order they were assembled. */
    public List<String> groups() {
      return members.stream().map(FleetMember::group).distinct().toList();
    }

    public Assembly onlyGroup(String group) {
      List<FleetMember> kept = members.stream().filter(m -> m.group().equals(group)).toList();
      Map<String, Long> keptSeeds = new LinkedHashMap<>();
      kept.forEach(m -> keptSeeds.put(m.id(), seeds.get(m.id())));
      return new Assembly(kept, workload, keptSeeds);
    }
  }

  /**
   * Vectors (and as many texts) a fleet's pool, and its embedding cache, hold at most: far above the 768 action lines
   * of the catalog, and at most about 80 MiB each.
   */
  public static final int SHARED_ENTRIES = 65_536;

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

  /**
   * As above, networked groups with {@code memory.store = pgvector} keeping their memories in {@code memories}. The
   * agents of a fleet remember action lines of one catalog (768 host and signature pairs), so they share what they
   * can: one {@link ContentPool} per embedder holds each line and its vector once instead of once per agent (12.5 KiB
   * of each agent's 26.7 at 100,000 agents; docs/BENCHMARKS.md), and one {@link Embedders#cached cache} per embedder
   * embeds each line once for every agent's guard. Results are unchanged.
   */
  public static Assembly assemble(List<AgentGroup> groups, SimulatedModel.Parameters model, AlertWorkloadSpec workload,
      long seed, DelayTimer timer, ExternalMemories memories) {
    Map<Embedder, Embedder> cached = new ConcurrentHashMap<>();
    Map<Embedder, ContentPool> pools = new ConcurrentHashMap<>();
    return assemble(groups, (id, config, embedder, agentSeed) -> TriageAgents.builder(id, config,
        cached.computeIfAbsent(embedder, e -> Embedders.cached(e, SHARED_ENTRIES)), model, agentSeed, timer)
        .memories(memories).sharedContent(sharedContent(config, embedder, pools)).build(), workload, seed);
  }

  /** The pool a group's agents share; none for an HNSW index, which keeps its own copies. */
  private static ContentPool sharedContent(AgentConfig config, Embedder embedder, Map<Embedder, ContentPool> pools) {
    if (config.memory().index() == IndexKind.HNSW) {
      return null;
    }
    return pools.computeIfAbsent(embedder, e -> ContentPool.create(e.dimension(), SHARED_ENTRIES));
  }

  public static Assembly assemble(List<AgentGroup> groups, Specs specs, AlertWorkloadSpec workload, long seed) {
    List<FleetMember> members = new ArrayList<>();
    Map<String, Long> seeds = new LinkedHashMap<>();
    for (AgentGroup group : groups) {
      Embedder embedder = group.config().memory().embedder().embedder();
      for (int i = 0; i < group.agents(); i++) {
        long agentSeed = TriageWorkloads.checkNotHeldOut(seed + i);
        String id = group.name() + "-" + i;
        seeds.put(id, agentSeed);
        members.add(new FleetMember(id, group.name(),
            Agent.create(specs.make(id, group.config(), embedder, agentSeed)),
            TriageWorkloads.turns(workload, agentSeed)));
      }
    }
    return new Assembly(members, workload, seeds);
  }
}
