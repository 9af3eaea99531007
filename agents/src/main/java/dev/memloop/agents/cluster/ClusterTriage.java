package dev.memloop.agents.cluster;

import com.typesafe.config.Config;
import dev.memloop.agents.triage.TriageAgents;
import dev.memloop.agents.triage.TriageWorkloads;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import dev.memloop.runtime.step.Turn;
import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import dev.memloop.workloads.alerts.AlertWorkloads;
import java.util.List;
import java.util.function.Function;

/**
 * Triage agents for a cluster: agent {@code triage-<i>} runs the workload of seed {@code seed + i} with the
 * simulated model, so that every node makes the same agent from the same id and a driver anywhere can feed and
 * grade it.
 */
public final class ClusterTriage {

  public static final String PREFIX = "triage-";

  private ClusterTriage() {}

  public static String agentId(int index) {
    return PREFIX + index;
  }

  public static int index(String agentId) {
    if (agentId == null || !agentId.startsWith(PREFIX)) {
      throw new IllegalArgumentException("not a triage agent id: " + agentId);
    }
    return Integer.parseInt(agentId.substring(PREFIX.length()));
  }

  /** How a node makes the agent of an id: the config's memloop.agent settings, nano-sim, the id's seed. */
  public static Function<String, AgentSpec.Builder> specs(Config root, long seed) {
    return specs(root, seed, null);
  }

  /**
   * As above, with the node's replica of the cluster's blackboard for agents whose {@code memory.store} is
   * blackboard (null on a node without one; such agents are then refused when they start).
   */
  public static Function<String, AgentSpec.Builder> specs(Config root, long seed, SharedBoard board) {
    AgentConfig config = AgentConfigs.agent(root);
    return id -> {
      long agentSeed = TriageWorkloads.checkNotHeldOut(seed + index(id));
      return TriageAgents.builder(id, config, config.memory().embedder().embedder(),
          SimulatedModelPreset.NANO_SIM.parameters(), agentSeed, HighResolutionTimer.shared()).board(board);
    };
  }

  public static AlertWorkload workload(long seed, int index) {
    return AlertWorkloads.generate(AlertWorkloadSpec.DEFAULT, TriageWorkloads.checkNotHeldOut(seed + index));
  }

  public static List<Turn> turns(long seed, int index) {
    return TriageWorkloads.turns(workload(seed, index));
  }
}
