package dev.memloop.bench.benchmarks.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.agents.cluster.ClusterTriage;
import dev.memloop.runtime.cluster.AgentSharding;
import dev.memloop.runtime.cluster.ClusterNodes;
import dev.memloop.runtime.config.AgentConfigs;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/** The driver node: a sharding proxy on role driver; stopped and started again around a restart of every node. */
final class ClusterDriver {

  private final int seedPort;
  private final long seed;
  private ActorSystem<Void> system;

  ClusterDriver(int seedPort, long seed) {
    this.seedPort = seedPort;
    this.seed = seed;
    start();
  }

  private void start() {
    Config driverConfig = ConfigFactory.parseString("pekko.cluster.split-brain-resolver.stable-after = 5s\n"
            + "pekko.loglevel = ERROR") // the nodes' closed connections at the end are expected
        .withFallback(ClusterNodes.config("127.0.0.1", 0, List.of("127.0.0.1:" + seedPort), List.of("driver"),
            AgentConfigs.load(null)));
    system = ActorSystem.create(Behaviors.empty(), ClusterNodes.SYSTEM, driverConfig);
    AgentSharding.initOnRole(system, ClusterTriage.specs(driverConfig, seed));
  }

  ActorSystem<Void> system() {
    return system;
  }

  void restart() throws Exception {
    stop();
    start();
  }

  void stop() throws Exception {
    system.terminate();
    system.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
  }
}
