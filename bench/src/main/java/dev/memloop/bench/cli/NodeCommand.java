package dev.memloop.bench.cli;

import com.typesafe.config.Config;
import dev.memloop.agents.cluster.ClusterTriage;
import dev.memloop.runtime.cluster.AgentSharding;
import dev.memloop.runtime.cluster.ClusterNodes;
import dev.memloop.runtime.config.AgentConfigs;
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
        "Roles store and blackboard are not built yet and are refused."})
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
    for (String role : roles) {
      if (!role.equals(AgentSharding.ROLE) && !role.equals("driver")) {
        throw new CommandLine.ParameterException(spec.commandLine(), "role must be agents or driver (store and "
            + "blackboard are not built yet): '" + role + "'");
      }
    }
    Config root = Options.valid(spec, () -> ClusterNodes.config(host, port, seeds == null ? List.of() : seeds, roles,
        AgentConfigs.load(config)));
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), ClusterNodes.SYSTEM, root);
    if (seeds == null || seeds.isEmpty()) { // the founding node joins itself; the others join through it
      Cluster.get(system).manager().tell(org.apache.pekko.cluster.typed.Join.create(
          Cluster.get(system).selfMember().address()));
    }
    AgentSharding.initOnRole(system, ClusterTriage.specs(root, seed));
    spec.commandLine().getOut().println("node up: " + Cluster.get(system).selfMember().address() + " roles " + roles);
    spec.commandLine().getOut().flush();
    system.getWhenTerminated().toCompletableFuture().get();
    return 0;
  }
}
