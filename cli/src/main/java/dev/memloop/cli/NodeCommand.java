package dev.memloop.cli;

import dev.memloop.cli.command.Failures;
import dev.memloop.cli.command.Durations;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CliConfig;
import com.typesafe.config.Config;
import dev.memloop.agents.cluster.TriageNode;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.cluster.ClusterNodes;
import dev.memloop.runtime.cluster.ClusterTls;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.cluster.NodeMetrics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.typed.Cluster;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop node}: the flags of one cluster node ({@link TriageNode} starts it), up until it is stopped. */
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

  @Option(names = "--data-dir", description = "Keep the agents' snapshots here, on disk (Distributed Data's durable "
      + "store): a node started again on the same directory, even after SIGKILL, brings its agents back with their "
      + "memories and turn counts (default: in memory only).")
  private Path dataDir;

  @Option(names = "--join-timeout", defaultValue = "2m", converter = Durations.class, description = "With --seeds: "
      + "give up and exit 1 when no seed lets this node join within this (default: ${DEFAULT-VALUE}).")
  private Duration joinTimeout;

  @Option(names = "--tls-keystore", paramLabel = "FILE", description = "Speak TLS with mutual authentication to "
      + "the other nodes: this node's key and certificate (PKCS#12 or JKS). Needs --tls-truststore and "
      + "--tls-password-file.")
  private Path tlsKeyStore;

  @Option(names = "--tls-truststore", paramLabel = "FILE", description = "With --tls-keystore: the certificates of "
      + "the nodes this one accepts; a peer without one of them cannot join or send this node anything.")
  private Path tlsTrustStore;

  @Option(names = "--tls-password-file", paramLabel = "FILE", description = "With --tls-keystore: a file whose "
      + "first line is the stores' password (a file, not a flag, so that it is in no process list).")
  private Path tlsPasswordFile;

  @Option(names = "--plain-tcp", description = "Allow --host beyond loopback without TLS: anyone who reaches the "
      + "port can join the cluster and send its nodes messages (a private network you trust, or a demo).")
  private boolean plainTcp;

  @CommandLine.Mixin
  private ServeOptions serve;

  @Option(names = "--exit-with-parent", description = "Leave the cluster and exit when standard input closes: the "
      + "process that started this node is gone (how memloop cluster-demo starts its nodes, so that none outlives "
      + "a driver that was killed).")
  private boolean exitWithParent;

  /**
   * Refuses a host this node could not bind: Artery would log the bind failure with a stack trace and the node would
   * wait for a cluster it can never join.
   */
  static java.net.InetAddress bindable(String host) {
    java.net.InetAddress address;
    try {
      address = java.net.InetAddress.getByName(host);
    } catch (java.net.UnknownHostException e) {
      throw new IllegalArgumentException("--host " + host + ": does not resolve");
    }
    try {
      if (!address.isLoopbackAddress() && !address.isAnyLocalAddress()
          && java.net.NetworkInterface.getByInetAddress(address) == null) {
        throw new IllegalArgumentException("--host " + host + ": not an address of this machine (" + address
            .getHostAddress() + "); give one of its own, or 127.0.0.1");
      }
    } catch (java.net.SocketException e) {
      throw new IllegalArgumentException("--host " + host + ": its network interfaces cannot be read (" + e
          .getMessage() + ")");
    }
    return address;
  }

  /** The node's system; a port taken since {@link Ports#refuseTaken} checked it is refused by name too. */
  private ActorSystem<Void> started(Config served, long seed, boolean first, NodeMetrics metrics) {
    try {
      return TriageNode.start(served, roles, first, seed, metrics);
    } catch (RuntimeException e) {
      String why = dev.memloop.cli.serve.Ports.why(e);
      if (why == null) {
        throw e;
      }
      throw new IllegalArgumentException("--port " + host + ":" + port + ": cannot bind (" + why + ")", e);
    }
  }

  @Override
  public Integer call() throws Exception {
    serve.check(spec);
    Options.require(spec, serve.linger == null, "--linger: a node serves until it is stopped; --linger is for runs "
        + "that end (memloop fleet, memloop blackboard)");
    List<String> seedNodes = seeds == null ? List.of() : seeds;
    Options.require(spec, joinTimeout.compareTo(Duration.ofSeconds(1)) >= 0 && joinTimeout.compareTo(
        Duration.ofHours(1)) <= 0, "--join-timeout must be in [1s, 1h]: " + Units.config(joinTimeout));
    if (dataDir != null) {
      Options.valid(spec, () -> {
        try {
          java.nio.file.Files.createDirectories(dataDir);
        } catch (java.io.IOException e) {
          throw new IllegalArgumentException("--data-dir " + dataDir + ": cannot be created (" + e + ")");
        }
        if (!java.nio.file.Files.isWritable(dataDir)) {
          throw new IllegalArgumentException("--data-dir " + dataDir + ": not writable");
        }
        return dataDir;
      });
    }
    boolean tls = tlsKeyStore != null || tlsTrustStore != null || tlsPasswordFile != null;
    Options.require(spec, !tls || (tlsKeyStore != null && tlsTrustStore != null && tlsPasswordFile != null),
        "--tls-keystore, --tls-truststore and --tls-password-file go together: give all three");
    Options.require(spec, !(tls && plainTcp), "--plain-tcp and --tls-keystore contradict each other: choose one");
    Config plain = Options.valid(spec, () -> ClusterNodes.config(host, port, seedNodes, roles,
        CliConfig.load(config)));
    java.net.InetAddress address = Options.valid(spec, () -> bindable(host));
    Options.require(spec, tls || plainTcp || address.isLoopbackAddress(), "--host " + host + ": a node beyond "
        + "loopback must speak TLS (--tls-keystore, --tls-truststore, --tls-password-file), or say --plain-tcp to let "
        + "anyone who reaches its port join");
    Config node = tls ? Options.valid(spec, () -> ClusterTls.of(tlsKeyStore, tlsTrustStore, tlsPasswordFile))
        .apply(plain) : plain;
    Options.valid(spec, () -> {
      dev.memloop.cli.serve.Ports.refuseTaken(host, port, "--port"); // before Artery logs its bind failure's trace
      return port;
    });
    Config joined = seedNodes.isEmpty() ? node : ClusterNodes.withJoinDeadline(node, joinTimeout);
    Config root = dataDir == null ? joined : ClusterNodes.durable(joined, dataDir);
    AgentConfigs.agent(root); // the agents' settings checked before anything binds
    try (ServeOptions.Serving serving = serve.start(spec, "memloop node " + host + ":" + port + " " + roles)) {
      NodeMetrics metrics = serving.on() ? new NodeMetrics(serving.registry(), port == 0 ? "node" : "node-" + port,
          AgentConfigs.agent(root).policy()) : NodeMetrics.none();
      Config served = serving.systemConfig(root);
      ActorSystem<Void> system = Options.valid(spec, () -> started(served, seed, seedNodes.isEmpty(), metrics));
      try {
        serving.bind(spec, system); // in the node's own system
      } catch (RuntimeException e) {
        system.terminate(); // an address that cannot be bound: the node does not stay up without what was asked
        system.getWhenTerminated().toCompletableFuture().get(1, java.util.concurrent.TimeUnit.MINUTES);
        throw e;
      }
      if (exitWithParent) {
        ParentWatchdog.start(system, System.in);
      }
      java.util.concurrent.atomic.AtomicBoolean up = new java.util.concurrent.atomic.AtomicBoolean();
      // the classic extension: the typed one has no callback for this node's own MemberUp
      org.apache.pekko.cluster.Cluster.get(org.apache.pekko.actor.typed.javadsl.Adapter.toClassic(system))
          .registerOnMemberUp(() -> up.set(true));
      java.io.PrintWriter out = spec.commandLine().getOut();
      out.println("node up: " + Cluster.get(system).selfMember().address() + " roles " + roles);
      serving.announce(out);
      out.flush();
      system.getWhenTerminated().toCompletableFuture().get();
      if (!up.get() && !seedNodes.isEmpty()) { // Pekko gave up joining (the deadline), or it was stopped first
        spec.commandLine().getErr().println("memloop node: did not join the cluster through " + seedNodes + " within "
            + Units.config(joinTimeout) + " (--join-timeout); check that a seed node runs there and is reachable");
        return Failures.FAILED;
      }
    }
    return 0;
  }
}
