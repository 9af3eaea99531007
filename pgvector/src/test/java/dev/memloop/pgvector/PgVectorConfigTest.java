package dev.memloop.pgvector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** memloop.pgvector and memory.store = pgvector: read, defaulted, and refused naming the key. */
class PgVectorConfigTest {

  private static Config with(String hocon) {
    return ConfigFactory.parseString(hocon).withFallback(ConfigFactory.defaultReference()).resolve();
  }

  @Test
  void should_read_the_defaults_and_a_given_url() {
    PgVectorSettings defaults = PgVectorConfig.from(ConfigFactory.defaultReference());
    assertThat(defaults.url()).as("PGlite started by the command").isNull();
    assertThat(defaults.table()).isEqualTo("memloop_items");
    assertThat(defaults.index()).isEqualTo(PgIndex.EXACT);
    assertThat(defaults.poolSize()).isEqualTo(4);
    assertThat(defaults.timeout()).isEqualTo(Duration.ofSeconds(5));
    PgVectorSettings given = PgVectorConfig.from(with("memloop.pgvector { url = \"jdbc:postgresql://db/x\", "
        + "index = hnsw, pool-size = 8 }"));
    assertThat(given.url()).isEqualTo("jdbc:postgresql://db/x");
    assertThat(given.index()).isEqualTo(PgIndex.HNSW);
    assertThat(given.poolSize()).isEqualTo(8);
  }

  @Test
  void should_refuse_bad_values_naming_the_key_and_never_the_password() {
    assertThatThrownBy(() -> PgVectorConfig.from(with("memloop.pgvector.url = \"mysql://u:hunter2@db\"")))
        .hasMessageStartingWith("memloop.pgvector.url must be a jdbc:postgresql: URL")
        .hasMessageEndingWith("'mysql://u:***@db'");
    assertThatThrownBy(() -> PgVectorConfig.from(with("memloop.pgvector.index = ivfflat")))
        .hasMessage("memloop.pgvector.index = \"ivfflat\": memloop.pgvector.index must be exact or hnsw: 'ivfflat'");
    assertThatThrownBy(() -> PgVectorConfig.from(with("memloop.pgvector.pool-size = 0")))
        .hasMessageContaining("memloop.pgvector.pool-size must be in [1, 64]: 0");
    assertThatThrownBy(() -> PgVectorConfig.from(with("memloop.pgvector.timeout = 10ms")))
        .hasMessageContaining("memloop.pgvector.timeout must be in [250ms, 1h]");
    assertThatThrownBy(() -> PgVectorConfig.from(with("memloop.pgvector.table = \"My Items\"")))
        .hasMessageContaining("memloop.pgvector.table must be a lower-case SQL name");
  }

  @Test
  void should_refuse_pgvector_for_a_policy_other_than_networked_and_an_agent_without_its_memories() {
    assertThatThrownBy(() -> AgentConfigs.agent(with("memloop.agent { policy = per-step, memory.store = pgvector }")))
        .hasMessageContaining("memory.store = pgvector needs policy = networked, not per-step");
    AgentConfig networked = AgentConfigs.agent(with("memloop.agent { policy = networked, memory.store = pgvector }"));
    assertThat(networked.policy()).isEqualTo(MemoryPolicyKind.NETWORKED);
    assertThatThrownBy(() -> AgentSpec.builder("a").config(networked).reasoner(step -> null).threshold(0.9)
        .embedder(new dev.memloop.memory.embed.HashingEmbedder(64)).build())
        .hasMessageStartingWith("agent a: memloop.agent.memory.store = pgvector needs where its memory is kept");
  }
}
