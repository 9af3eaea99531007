package dev.memloop.bench.benchmarks.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.runtime.cluster.ClusterNodes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;

/**
 * Cluster nodes as actor systems in this JVM on 127.0.0.1, each configured as {@code memloop node} would be
 * ({@link ClusterNodes#config}): real Artery TCP between them, real serialization, the same total CPU whatever
 * their number, which is what an overhead benchmark needs.
 */
final class InProcessCluster implements AutoCloseable {

  private static final Config IN_ONE_JVM = ConfigFactory.parseString("""
      pekko.cluster.jmx.multi-mbeans-in-same-jvm = on
      pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off
      pekko.loglevel = ERROR
      # nodes stopped together: their shutdown would otherwise print each other's closed connections
      pekko.remote.artery.log-aeron-counters = off
      """);

  private final List<ActorSystem<Void>> nodes = new ArrayList<>();

  /** Starts one node per entry of {@code roles} and waits until all are up. */
  static InProcessCluster start(List<List<String>> roles, Config base) throws InterruptedException {
    InProcessCluster cluster = new InProcessCluster();
    try {
      for (List<String> nodeRoles : roles) {
        List<String> seeds = cluster.nodes.isEmpty() ? List.of()
            : List.of("127.0.0.1:" + Cluster.get(cluster.nodes.get(0)).selfMember().address().port().get());
        Config config = IN_ONE_JVM.withFallback(ClusterNodes.config("127.0.0.1", 0, seeds, nodeRoles, base));
        ActorSystem<Void> node = ActorSystem.create(Behaviors.empty(), ClusterNodes.SYSTEM, config);
        if (cluster.nodes.isEmpty()) {
          Cluster.get(node).manager().tell(Join.create(Cluster.get(node).selfMember().address()));
        }
        cluster.nodes.add(node);
      }
      cluster.awaitUp();
      return cluster;
    } catch (RuntimeException | InterruptedException e) {
      cluster.close();
      throw e;
    }
  }

  ActorSystem<Void> node(int index) {
    return nodes.get(index);
  }

  int size() {
    return nodes.size();
  }

  private void awaitUp() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (nodes.stream().allMatch(node -> ClusterNodes.upMembers(node, "") == nodes.size())) {
        return;
      }
      Thread.sleep(100); // polling membership, not timing anything
    }
    throw new IllegalStateException("the in-process cluster of " + nodes.size() + " nodes did not form within 60 s");
  }

  @Override
  public void close() {
    for (ActorSystem<Void> node : nodes) {
      node.terminate();
    }
    for (ActorSystem<Void> node : nodes) {
      try {
        node.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
      } catch (Exception e) {
        throw new IllegalStateException("a node did not terminate: " + node.address(), e);
      }
    }
  }
}
