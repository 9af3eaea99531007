package dev.memloop.runtime.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * The configuration of one memloop cluster node: Artery TCP on a host and port, the seed nodes, its roles, the
 * split brain resolver (keep-majority), and Jackson for everything that crosses nodes (Java serialization off).
 */
public final class ClusterNodes {

  public static final String SYSTEM = "memloop";

  /**
   * The Distributed Data role: nodes that hold replicas of agents' snapshots and of the blackboard, added to every
   * node with the agents or blackboard role. A driver or a store node is left out, so its vote never counts
   * toward a majority it holds nothing for.
   */
  public static final String REPLICA_ROLE = "replica";

  /** The roles a node may have. */
  /** A node that only drives agents elsewhere (a sharding proxy, no agents of its own). */
  public static final String DRIVER_ROLE = "driver";
  public static final List<String> ROLES = List.of(AgentSharding.ROLE, StoreHost.ROLE, ReplicatedBoard.ROLE,
      DRIVER_ROLE);

  private ClusterNodes() {}

  /** Members {@code system} sees Up that have {@code role}; every Up member when the role is empty. */
  public static int upMembers(org.apache.pekko.actor.typed.ActorSystem<?> system, String role) {
    int up = 0;
    for (org.apache.pekko.cluster.Member m : org.apache.pekko.cluster.typed.Cluster.get(system).state().getMembers()) {
      if (m.status() == org.apache.pekko.cluster.MemberStatus.up() && (role.isEmpty() || m.hasRole(role))) {
        up++;
      }
    }
    return up;
  }

  /**
   * {@code node} with the agents' snapshots kept durable in {@code dataDir} (Distributed Data's LMDB store): every
   * majority write of a turn end is on this node's disk before it is acknowledged, and a node started again on the
   * same directory loads them, so a whole cluster stopped with SIGKILL and started again keeps every agent's memory
   * and turn count.
   */
  public static Config durable(Config node, java.nio.file.Path dataDir) {
    if (dataDir == null) {
      throw new IllegalArgumentException("a durable node needs a data directory");
    }
    return ConfigFactory.parseString("""
        pekko.cluster.distributed-data.durable.keys = ["memloop-agent-*"]
        # each update written before it is acknowledged (the default; said here because durability depends on it)
        pekko.cluster.distributed-data.durable.lmdb.write-behind-interval = off
        pekko.cluster.distributed-data.durable.lmdb.map-size = 1 GiB
        """)
        .withValue("pekko.cluster.distributed-data.durable.lmdb.dir",
            // not ".../ddata": Pekko appends the system name and port to a directory of that name, and a node started
            // again on another port would not find its data
            ConfigValueFactory.fromAnyRef(dataDir.toAbsolutePath().resolve("agent-snapshots").toString()))
        .withFallback(node);
  }

  /**
   * {@code node} giving up joining after {@code deadline}: without it a node whose seeds never answer retries for
   * ever (Pekko's default), and its actor system terminates instead.
   */
  public static Config withJoinDeadline(Config node, java.time.Duration deadline) {
    return node.withValue("pekko.cluster.shutdown-after-unsuccessful-join-seed-nodes",
        ConfigValueFactory.fromAnyRef(deadline.toMillis() + "ms"));
  }

  /** @param seeds {@code host:port} of the seed nodes; empty: this node founds the cluster alone */
  public static Config config(String host, int port, List<String> seeds, List<String> roles, Config base) {
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("port must be in [0, 65535]: " + port);
    }
    if (host == null || !host.matches("[A-Za-z0-9.:-]+")) {
      throw new IllegalArgumentException("host must be a host name or an IP address: '" + host + "'");
    }
    List<String> seedAddresses = new ArrayList<>();
    for (String seed : seeds) {
      if (!seed.matches("[A-Za-z0-9.-]+:\\d{1,5}")) {
        throw new IllegalArgumentException("a seed must be host:port: '" + seed + "'");
      }
      int seedPort = Integer.parseInt(seed.substring(seed.lastIndexOf(':') + 1));
      if (seedPort < 1 || seedPort > 65_535) {
        throw new IllegalArgumentException("a seed's port must be in [1, 65535]: '" + seed + "'");
      }
      seedAddresses.add("pekko://" + SYSTEM + "@" + seed);
    }
    if (roles.isEmpty()) {
      throw new IllegalArgumentException("a node needs at least one role (agents, store, blackboard, driver)");
    }
    List<String> allRoles = new ArrayList<>();
    for (String role : roles) {
      if (!ROLES.contains(role)) {
        throw new IllegalArgumentException("unknown role '" + role + "': expected agents, store, blackboard or driver");
      }
      allRoles.add(role);
    }
    if (roles.contains(AgentSharding.ROLE) || roles.contains(ReplicatedBoard.ROLE)) {
      allRoles.add(REPLICA_ROLE);
    }
    return ConfigFactory.parseString("""
        pekko.actor.provider = cluster
        pekko.actor.allow-java-serialization = off
        pekko.cluster.downing-provider-class = "org.apache.pekko.cluster.sbr.SplitBrainResolverProvider"
        pekko.cluster.split-brain-resolver.active-strategy = keep-majority
        pekko.cluster.distributed-data.role = replica
        # the replicator tells subscribers (the blackboard's replicas) of changes at this interval; the default
        # 500 ms would be most of a post's propagation delay
        pekko.cluster.distributed-data.notify-subscribers-interval = 50ms
        # agents' snapshots travel between replicators, in gossip and in majority writes: bundles of them exceeded
        # the default 256 KiB frame (a 3-node cluster of 200 agents), so the replicator gets the large-message lane;
        # one agent's snapshot must still fit 4 MiB (about 3,000 items of 256 dimensions)
        pekko.remote.artery.large-message-destinations = ["/system/ddataReplicator"]
        pekko.remote.artery.advanced.maximum-large-frame-size = 4 MiB
        """)
        .withValue("pekko.remote.artery.canonical.hostname", ConfigValueFactory.fromAnyRef(host))
        .withValue("pekko.remote.artery.canonical.port", ConfigValueFactory.fromAnyRef(port))
        .withValue("pekko.cluster.seed-nodes", ConfigValueFactory.fromIterable(seedAddresses))
        .withValue("pekko.cluster.roles", ConfigValueFactory.fromIterable(allRoles))
        .withFallback(base).resolve();
  }
}
