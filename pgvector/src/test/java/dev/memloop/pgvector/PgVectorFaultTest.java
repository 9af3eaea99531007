package dev.memloop.pgvector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.MemoryUnavailableException;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The database killed under an open store, then started again on its data: nothing acknowledged is lost. */
class PgVectorFaultTest {

  static final HashingEmbedder EMBEDDER = new HashingEmbedder(64);

  @Test
  void should_fail_fast_while_the_server_is_gone_and_recover_every_acknowledged_write_when_it_is_back()
      throws Exception {
    Path data = Files.createTempDirectory("memloop-pg-fault-");
    int port = PgliteServer.freePort();
    PgliteServer server = PgliteFixture.start(port, data);
    PgVectorSettings settings = new PgVectorSettings(server.jdbcUrl(), PgVectorSettings.DEFAULT_TABLE, PgIndex.EXACT,
        PgliteServer.POOL_SIZE, Duration.ofSeconds(2));
    try (PgVectorStore store = PgVectorStore.open(settings, EMBEDDER.dimension())) {
      WorkingMemory memory = store.memory("survivor", EMBEDDER);
      List<String> acknowledged = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        acknowledged.add(memory.add("acknowledged line " + i));
      }

      server.kill();
      assertThat(server.isAlive()).isFalse();
      assertThatThrownBy(() -> memory.seen("acknowledged line 3", 0.99))
          .isInstanceOf(MemoryUnavailableException.class)
          .hasMessageStartingWith("pgvector store at jdbc:postgresql://127.0.0.1:" + port)
          .hasMessageContaining("password=***")
          .hasMessageNotContaining("password=postgres");
      assertThatThrownBy(() -> memory.add("written while the server is gone"))
          .isInstanceOf(MemoryUnavailableException.class);

      server = PgliteFixture.start(port, data);
      // the pool reconnects on its own, once its backoff lets it; the same store, without a restart, within a minute
      assertThat(await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(200))
          .ignoreExceptionsInstanceOf(MemoryUnavailableException.class)
          .until(() -> memory.seen("acknowledged line 3", 0.99), seen -> true))
          .as("the same store, without a restart").isTrue();
      assertThat(memory.items()).extracting(MemoryItem::id).containsExactlyElementsOf(acknowledged);
      assertThat(memory.seen("written while the server is gone", 0.99)).as("refused, so not stored").isFalse();
    } finally {
      server.close();
      try (var files = Files.walk(data)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }
}
