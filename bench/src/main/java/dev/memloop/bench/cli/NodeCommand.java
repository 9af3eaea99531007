package dev.memloop.bench.cli;

import com.typesafe.config.Config;
import dev.memloop.agents.cluster.ClusterTriage;
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
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.typed.Cluster;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop node}: one cluster node, hosting sharded triage agents, until it is stopped. */
@Command(name = "node", mixinStandardHelpOptions = true,
    description = {"Starts a memloop cluster node (Artery TCP, Jackson CBOR between nodes, the split brain resolver "
        + "keeping the majority) and keeps it up until it is stopped (SIGTERM leaves the cluster gracefully). Role "
        + "agents hosts sharded triage agents (agent triage-i runs seed + i) that move with their memory.",
        "Role store hosts agents' MemoryStores (memory.store = remote, policy = networked) for agents on any node; "
            + "role blackboard holds this node's replica of the cluster's blackboard (posts spread by Distributed "
            + "Data; agents here read it locally; memory.store = blackboard).",
        "Roles: agents, store, blackboard, driver."})
final class NodeCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--role", split = ",", defaultValue = "agents", description = "Roles (default: ${DEFAULT-VALUE}).")
  private List<String> roles;

  @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to bind and advertise (default: "
      + "${DEFAULT-VALUE}).")
  private String host;

  @Option(names = "--port", required = true, description = "Artery TCP port (0: any free one).")
  private int port;

  @Option(names = "--seeds", split = ",", description = "Seed nodes as host:port (default: none, this node founds "
      + "the cluster).")
  private List<String> seeds;

  @Option(names = "--config", description = "A HOCON file of memloop.agent and pekko settings.")
  private Path config;

  @Option(names = "--seed", defaultValue = "42", description = "First workload seed of the agents (default: "
      + "${DEFAULT-VALUE}).")
  private long seed;

  @Override
  public Integer call() throws Exception {
    Config root = Options.valid(spec, () -> ClusterNodes.config(host, port, seeds == null ? List.of() : seeds, roles,
        AgentConfigs.load(config)));
    AgentConfig agents = Options.valid(spec, () -> AgentConfigs.agent(root));
    if (roles.contains(AgentSharding.ROLE) && agents.memory().store() == MemoryStoreKind.BLACKBOARD
        && !roles.contains(ReplicatedBoard.ROLE)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "memloop.agent.memory.store = blackboard: the "
          + "agents read the board on their own node, so it needs the blackboard role too (--role agents,blackboard)");
    }
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), ClusterNodes.SYSTEM, root);
    if (seeds == null || seeds.isEmpty()) { // the founding node joins itself; the others join through it
      Cluster.get(system).manager().tell(org.apache.pekko.cluster.typed.Join.create(
          Cluster.get(system).selfMember().address()));
    }
    Embedder embedder = agents.memory().embedder().embedder();
    if (roles.contains(StoreHost.ROLE)) {
      system.systemActorOf(StoreHost.create(() -> storeMemory(embedder, agents), agents.networked().rtt(),
          HighResolutionTimer.shared()), "store-host", MemloopDispatcher.props());
    }
    SharedBoard board = null;
    if (roles.contains(ReplicatedBoard.ROLE)) {
      BlackboardSetup setup = BlackboardSetup.of(embedder);
      board = new SharedBoard(ReplicatedBoard.start(system, setup, "blackboard").board(), setup.view(), null);
    }
    if (roles.contains(AgentSharding.ROLE) || roles.contains("driver")) {
      AgentSharding.initOnRole(system, ClusterTriage.specs(root, seed, board));
    }
    spec.commandLine().getOut().println("node up: " + Cluster.get(system).selfMember().address() + " roles " + roles);
    spec.commandLine().getOut().flush();
    system.getWhenTerminated().toCompletableFuture().get();
    return 0;
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
