package dev.memloop.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.memory.MemoryItem;
import dev.memloop.runtime.AgentSnapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterNodesTest {

  @Test
  void should_configure_artery_seeds_roles_downing_and_jackson() {
    Config c = ClusterNodes.config("127.0.0.1", 2552, List.of("10.0.0.1:2552", "10.0.0.2:2552"), List.of("agents"),
        ConfigFactory.load());
    assertThat(c.getString("pekko.actor.provider")).isEqualTo("cluster");
    assertThat(c.getStringList("pekko.cluster.seed-nodes")).containsExactly("pekko://memloop@10.0.0.1:2552",
        "pekko://memloop@10.0.0.2:2552");
    assertThat(c.getStringList("pekko.cluster.roles")).containsExactly("agents", ClusterNodes.REPLICA_ROLE);
    assertThat(c.getInt("pekko.remote.artery.canonical.port")).isEqualTo(2552);
    assertThat(c.getString("pekko.cluster.downing-provider-class")).contains("SplitBrainResolverProvider");
    assertThat(c.getBoolean("pekko.actor.allow-java-serialization")).isFalse();
    assertThat(c.getStringList("pekko.remote.artery.large-message-destinations")).as("snapshots in gossip")
        .containsExactly("/system/ddataReplicator");
    assertThat(c.getString("pekko.cluster.distributed-data.role")).isEqualTo(ClusterNodes.REPLICA_ROLE);
    assertThat(c.getString("pekko.actor.serialization-bindings.\"dev.memloop.runtime.RuntimeMessage\""))
        .isEqualTo("jackson-cbor");
  }

  @Test
  void should_refuse_bad_ports_seeds_and_roles_naming_them() {
    Config base = ConfigFactory.load();
    assertThatThrownBy(() -> ClusterNodes.config("h", 70000, List.of(), List.of("agents"), base))
        .hasMessageContaining("port must be in [0, 65535]: 70000");
    assertThatThrownBy(() -> ClusterNodes.config("h", 1, List.of("nohost"), List.of("agents"), base))
        .hasMessageContaining("a seed must be host:port: 'nohost'");
    assertThatThrownBy(() -> ClusterNodes.config("h", 1, List.of(), List.of(), base))
        .hasMessageContaining("a node needs at least one role");
    assertThatThrownBy(() -> ClusterNodes.config("h", 1, List.of(), List.of("agents", "stroe"), base))
        .hasMessageContaining("unknown role 'stroe'");
    assertThat(ClusterNodes.config("h", 1, List.of(), List.of("store", "driver"), base).getStringList("pekko.cluster.roles"))
        .as("a store or driver node holds no replica").containsExactly("store", "driver");
    assertThatThrownBy(() -> new AgentSnapshot(" ", 0, List.of())).hasMessageContaining("a snapshot needs the agent's id");
    assertThatThrownBy(() -> new AgentSnapshot("a", -1, List.of())).hasMessageContaining("turns completed must be >= 0: -1");
    assertThat(new AgentSnapshot("a", 1, List.of(new MemoryItem("m-1", "t", new float[] {1}, null))).items()).hasSize(1);
  }
}
