package dev.memloop.cli;

import com.typesafe.config.Config;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.llm.mcp.McpServerSettings;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code memloop fleet} run, decided from its flags and config and checked before anything starts: the groups,
 * the model (a simulated preset, or a real one), the MCP servers, the database, the seeds and the run's shape.
 *
 * @param preset the simulated model; null when {@code real} is the model
 * @param real the real model; null when {@code preset} is
 * @param pgUrl {@code --pg-url}, or null for the config's database (or PGlite)
 * @param inFlight agents with a turn in flight at once; null for every agent
 */
record FleetPlan(Config root, List<AgentGroup> groups, SimulatedModelPreset preset, FleetLlm real,
    List<McpServerSettings> mcpServers, String pgUrl, long seed, boolean concurrent, int warmup, boolean floor,
    Integer inFlight) {

  /** Whether a group keeps its memory in PostgreSQL + pgvector. */
  boolean onPgvector() {
    return groups.stream().anyMatch(g -> g.config().memory().store() == MemoryStoreKind.PGVECTOR);
  }

  /** The model as reports name it: the preset's name, or the real model's label. */
  String modelLabel() {
    return preset != null ? preset.configName() : real.label();
  }

  long agents() {
    return groups.stream().mapToLong(AgentGroup::agents).sum();
  }

  /** The largest group's agents. */
  int maxAgents() {
    return groups.stream().mapToInt(AgentGroup::agents).max().orElse(0);
  }

  /** Each group's policy, by group name. */
  Map<String, MemoryPolicyKind> policies() {
    Map<String, MemoryPolicyKind> policies = new LinkedHashMap<>();
    groups.forEach(g -> policies.put(g.name(), g.config().policy()));
    return policies;
  }

  /** Each agent's group, by agent id, as TriageFleet names them ({@code <group>-<i>}). */
  Map<String, String> groupOfAgent() {
    Map<String, String> out = new HashMap<>();
    for (AgentGroup g : groups) {
      for (int i = 0; i < g.agents(); i++) {
        out.put(g.name() + "-" + i, g.name());
      }
    }
    return out;
  }
}
