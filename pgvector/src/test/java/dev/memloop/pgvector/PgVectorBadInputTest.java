package dev.memloop.pgvector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.MemoryUnavailableException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Bad settings and servers that cannot hold memloop's table: one line each, naming the value and the fix. */
class PgVectorBadInputTest {

  @Test
  void should_refuse_a_url_that_is_not_postgresql_without_echoing_its_password() {
    assertThatThrownBy(() -> PgVectorSettings.of("mysql://db?user=u&password=hunter2"))
        .hasMessage("memloop.pgvector.url must be a jdbc:postgresql: URL, as in "
            + "jdbc:postgresql://127.0.0.1:5432/postgres?user=u&password=p: 'mysql://db?user=u&password=***'");
    assertThatThrownBy(() -> PgUrl.checked("jdbc:mysql://u:hunter2@db/x", "--pg-url"))
        .hasMessageEndingWith("'jdbc:mysql://u:***@db/x'").hasMessageNotContaining("hunter2");
    assertThatThrownBy(() -> PgUrl.checked(" ", "--pg-url")).hasMessageStartingWith("--pg-url must be a jdbc:postgresql:");
    assertThat(PgUrl.redacted("jdbc:postgresql://db/x?Password=a&user=b")).isEqualTo("jdbc:postgresql://db/x?Password=***&user=b");
    assertThat(PgVectorSettings.of("jdbc:postgresql://db/x?password=zz").toString()).doesNotContain("zz");
  }

  @Test
  void should_refuse_bad_settings_naming_the_key() {
    String url = "jdbc:postgresql://127.0.0.1:1/postgres";
    assertThatThrownBy(() -> new PgVectorSettings(url, "Items; DROP", PgIndex.EXACT, 4, Duration.ofSeconds(5)))
        .hasMessage("memloop.pgvector.table must be a lower-case SQL name (letters, digits, '_', at most 48): "
            + "'Items; DROP'");
    assertThatThrownBy(() -> new PgVectorSettings(url, "t", PgIndex.EXACT, 0, Duration.ofSeconds(5)))
        .hasMessage("memloop.pgvector.pool-size must be in [1, 64]: 0");
    assertThatThrownBy(() -> new PgVectorSettings(url, "t", PgIndex.EXACT, 4, Duration.ofMillis(10)))
        .hasMessageStartingWith("memloop.pgvector.timeout must be in [250ms, 1h]");
    assertThatThrownBy(() -> PgIndex.parse("ivfflat", "memloop.pgvector.index"))
        .hasMessage("memloop.pgvector.index must be exact or hnsw: 'ivfflat'");
    assertThatThrownBy(() -> PgVectorStore.open(PgVectorSettings.of(null), 64))
        .hasMessageStartingWith("memloop.pgvector.url is not set");
  }

  @Test
  void should_say_unavailable_within_its_deadline_when_nothing_listens() throws Exception {
    int port = PgliteServer.freePort();
    PgVectorSettings settings = new PgVectorSettings("jdbc:postgresql://127.0.0.1:" + port
        + "/postgres?user=postgres&password=secret", "t", PgIndex.EXACT, 1, Duration.ofMillis(500));
    assertThatThrownBy(() -> PgVectorStore.open(settings, 64)).isInstanceOf(MemoryUnavailableException.class)
        .hasMessageStartingWith("pgvector store at jdbc:postgresql://127.0.0.1:" + port)
        .hasMessageNotContaining("secret");
  }

  @Test
  void should_refuse_a_table_of_another_dimension_and_a_server_without_pgvector() throws Exception {
    try (PgliteServer server = PgliteFixture.start()) {
      PgVectorSettings settings = PgVectorSettings.of(server.jdbcUrl());
      PgVectorStore.open(settings, 32).close();
      assertThatThrownBy(() -> PgVectorStore.open(settings, 64))
          .hasMessage("table memloop_items holds vectors of 32 dimensions and the embedder makes 64: set "
              + "memloop.pgvector.table to another table, or use the embedder the table was made with");
    }
    try (PgliteServer bare = PgliteFixture.start(PgliteServer.freePort(), null, false)) {
      assertThatThrownBy(() -> PgVectorStore.open(PgVectorSettings.of(bare.jdbcUrl()), 64))
          .hasMessageStartingWith("the database at jdbc:postgresql://127.0.0.1:" + bare.port())
          .hasMessageContaining("has no vector extension")
          .hasMessageEndingWith("run CREATE EXTENSION vector as the database's owner")
          .hasMessageNotContaining("password=postgres");
    }
  }
}
