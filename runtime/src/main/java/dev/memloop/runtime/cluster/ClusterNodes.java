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

  private ClusterNodes() {}

  /** @param seeds {@code host:port} of the seed nodes; empty: this node founds the cluster alone */
  public static Config config(String host, int port, List<String> seeds, List<String> roles, Config base) {
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("port must be in [0, 65535]: " + port);
    }
    List<String> seedAddresses = new ArrayList<>();
    for (String seed : seeds) {
      if (!seed.matches("[A-Za-z0-9.-]+:\\d{1,5}")) {
        throw new IllegalArgumentException("a seed must be host:port: '" + seed + "'");
      }
      seedAddresses.add("pekko://" + SYSTEM + "@" + seed);
    }
    if (roles.isEmpty()) {
      throw new IllegalArgumentException("a node needs at least one role (agents, store, blackboard, driver)");
    }
    return ConfigFactory.parseString("""
        pekko.actor.provider = cluster
        pekko.actor.allow-java-serialization = off
        pekko.cluster.downing-provider-class = "org.apache.pekko.cluster.sbr.SplitBrainResolverProvider"
        pekko.cluster.split-brain-resolver.active-strategy = keep-majority
        # snapshots replicate among the nodes that host agents: a driver's vote would count toward majorities
        pekko.cluster.distributed-data.role = agents
        """)
        .withValue("pekko.remote.artery.canonical.hostname", ConfigValueFactory.fromAnyRef(host))
        .withValue("pekko.remote.artery.canonical.port", ConfigValueFactory.fromAnyRef(port))
        .withValue("pekko.cluster.seed-nodes", ConfigValueFactory.fromIterable(seedAddresses))
        .withValue("pekko.cluster.roles", ConfigValueFactory.fromIterable(roles))
        .withFallback(base).resolve();
  }
}
