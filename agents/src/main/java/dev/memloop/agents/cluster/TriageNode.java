package dev.memloop.agents.cluster;

import com.typesafe.config.Config;
import dev.memloop.blackboard.BlackboardSetup;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.WorkingMemoryBuilder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.board.SharedBoard;
import dev.memloop.runtime.cluster.AgentSharding;
import dev.memloop.runtime.cluster.ClusterNodes;
import dev.memloop.runtime.cluster.ReplicatedBoard;
import dev.memloop.runtime.cluster.StoreHost;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.cluster.NodeMetrics;
import java.util.List;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;

/**
 * One memloop cluster node of triage agents, the product role behind {@code memloop node}: it joins (or founds) the
 * cluster and starts what its roles ask for: sharded triage agents ({@code agents}: agent triage-i runs seed + i and
 * moves with its memory), agents' MemoryStores ({@code store}), a replica of the cluster's blackboard
 * ({@code blackboard}), or only the sharding proxy ({@code driver}).
 */
public final class TriageNode {

  private TriageNode() {}

  /**
   * Checks the settings and starts the node; the returned system runs until it is terminated.
   *
   * @param root the node's config ({@link ClusterNodes#config} over the agents' settings)
   * @throws IllegalArgumentException naming the setting when the roles and the agents' store do not fit together
   */
  public static ActorSystem<Void> start(Config root, List<String> roles, boolean founding, long seed) {
    return start(root, roles, founding, seed, NodeMetrics.none());
  }

  /** As {@link #start(Config, List, boolean, long)}, the agents this node hosts counted in {@code metrics}. */
  public static ActorSystem<Void> start(Config root, List<String> roles, boolean founding, long seed,
      NodeMetrics metrics) {
    AgentConfig agents = AgentConfigs.agent(root);
    if (roles.contains(AgentSharding.ROLE) && agents.memory().store() == MemoryStoreKind.BLACKBOARD
        && !roles.contains(ReplicatedBoard.ROLE)) {
      throw new IllegalArgumentException("memloop.agent.memory.store = blackboard: the agents read the board on their "
          + "own node, so it needs the blackboard role too (--role agents,blackboard)");
    }
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), ClusterNodes.SYSTEM, root);
    if (founding) { // the founding node joins itself; the others join through their seeds
      Cluster.get(system).manager().tell(Join.create(Cluster.get(system).selfMember().address()));
    }
    Embedder embedder = agents.memory().embedder().embedder();
    if (roles.contains(StoreHost.ROLE)) {
      system.systemActorOf(StoreHost.create(() -> storeMemory(embedder, agents), agents.networked().rtt(),
          HighResolutionTimer.shared()), "store-host", MemloopDispatcher.props());
    }
    SharedBoard board = null;
    if (roles.contains(ReplicatedBoard.ROLE)) {
      BlackboardSetup setup = BlackboardSetup.of(embedder);
      board = new SharedBoard(ReplicatedBoard.start(system, setup, "blackboard", metrics).board(), setup.view(), null);
    }
    if (roles.contains(AgentSharding.ROLE) || roles.contains(ClusterNodes.DRIVER_ROLE)) {
      AgentSharding.initOnRole(system, ClusterTriage.specs(root, seed, board), metrics);
    }
    return system;
  }

  /** One agent's memory on a store node, with the agents' index and capacity settings. */
  static WorkingMemory storeMemory(Embedder embedder, AgentConfig agents) {
    WorkingMemoryBuilder builder = WorkingMemory.builder(embedder).index(agents.memory().index()).threadSafe();
    if (agents.memory().capacity() > 0) {
      builder.capacity(agents.memory().capacity()).eviction(agents.memory().eviction());
    }
    return builder.build();
  }
}
