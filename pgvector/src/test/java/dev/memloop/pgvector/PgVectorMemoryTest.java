package dev.memloop.pgvector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.memloop.memory.DuplicateIdException;
import dev.memloop.memory.MemoryClosedException;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.HashingEmbedder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** An agent's memory as rows of a real PostgreSQL + pgvector (PGlite on 127.0.0.1). */
class PgVectorMemoryTest {

  static final HashingEmbedder EMBEDDER = new HashingEmbedder(64);
  static PgliteServer server;
  static PgVectorStore store;

  @BeforeAll
  static void start() throws Exception {
    server = PgliteFixture.start();
    store = PgVectorStore.open(onPglite(server), EMBEDDER.dimension());
  }

  static PgVectorSettings onPglite(PgliteServer server) {
    PgVectorSettings defaults = PgVectorSettings.of(server.jdbcUrl());
    return new PgVectorSettings(defaults.url(), defaults.table(), defaults.index(), PgliteServer.POOL_SIZE,
        defaults.timeout());
  }

  @AfterAll
  static void stop() {
    if (store != null) {
      store.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void should_match_and_recall_what_an_agent_remembered_and_nothing_of_another_agent() {
    WorkingMemory a = store.memory("agent-a", EMBEDDER);
    WorkingMemory b = store.memory("agent-b", EMBEDDER);
    String id = a.add("investigate host=web-1 sig=port-scan");
    a.add("escalate host=db-2 sig=brute-force", Map.of("tier", 2));
    b.add("investigate host=web-9 sig=malware");

    Optional<Recall> hit = a.match("investigate host=web-1 sig=port-scan", 0.99);
    assertThat(hit).map(Recall::id).contains(id);
    assertThat(hit.get().similarity()).isGreaterThan(0.999);
    assertThat(a.seen("investigate host=web-9 sig=malware", 0.99)).as("agent b's item").isFalse();
    assertThat(a.recall("escalate host=db-2", 8)).extracting(Recall::text)
        .containsExactly("escalate host=db-2 sig=brute-force", "investigate host=web-1 sig=port-scan");
    assertThat(a.recall("escalate host=db-2", 1)).hasSize(1);
    assertThat(a.recall("escalate host=db-2", Integer.MAX_VALUE)).as("k sizes nothing").hasSize(2);
    assertThat(a.recall("escalate host=db-2", 8, m -> m.containsKey("tier"))).extracting(Recall::text)
        .containsExactly("escalate host=db-2 sig=brute-force");
    assertThat(a.size()).isEqualTo(2);
    assertThat(b.size()).isEqualTo(1);
  }

  @Test
  void should_keep_ids_unique_and_never_overwrite_an_item() {
    WorkingMemory m = store.memory("agent-ids", EMBEDDER);
    String first = m.add("alpha line");
    String second = m.add("beta line");
    assertThat(first).startsWith("pg-").isNotEqualTo(second);
    m.addVector("mine", EMBEDDER.embed("gamma line"), "gamma line", Map.of());
    assertThatThrownBy(() -> m.addVector("mine", EMBEDDER.embed("delta line"), "delta line", Map.of()))
        .isInstanceOf(DuplicateIdException.class);
    assertThat(m.items()).extracting(MemoryItem::text).as("oldest first, the first gamma kept")
        .containsExactly("alpha line", "beta line", "gamma line");
    assertThat(store.memory("agent-other", EMBEDDER).addVector("mine", EMBEDDER.embed("x y"), null, Map.of()))
        .as("ids are per agent").isEqualTo("mine");
  }

  @Test
  void should_bring_metadata_back_with_its_types_and_vectors_unit_length() {
    WorkingMemory m = store.memory("agent-meta", EMBEDDER);
    UUID uuid = UUID.randomUUID();
    Map<String, Object> metadata = Map.of("s", "x", "u", uuid, "i", 7, "l", 1L << 40, "f", 0.5f, "d", 0.25);
    String id = m.add("a line with metadata", metadata);
    MemoryItem item = m.items().get(0);
    assertThat(item.id()).isEqualTo(id);
    assertThat(item.metadata()).isEqualTo(metadata);
    float[] v = m.vector(id).orElseThrow();
    double norm = 0;
    for (float x : v) {
      norm += x * x;
    }
    assertThat(norm).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-5));
    assertThat(m.vector("no-such")).isEmpty();
  }

  @Test
  void should_take_all_or_none_and_remove_by_id_and_filter() {
    WorkingMemory m = store.memory("agent-batch", EMBEDDER);
    assertThat(m.addAll(List.of("one line", "two line", "three line"))).hasSize(3);
    assertThatThrownBy(() -> m.addAll(List.of("four line", " "))).hasMessageStartingWith("texts[1]");
    assertThat(m.size()).isEqualTo(3);
    String id = m.add("tagged line", Map.of("drop", "yes"));
    assertThat(m.removeAll(meta -> "yes".equals(meta.get("drop")))).isEqualTo(1);
    assertThat(m.remove(id)).isFalse();
    assertThat(m.remove(m.items().get(0).id())).isTrue();
    m.clear();
    assertThat(m.size()).isZero();
  }

  @Test
  void should_leave_the_rows_when_a_handle_closes_and_find_them_from_a_new_store() {
    WorkingMemory m = store.memory("agent-durable", EMBEDDER);
    String id = m.add("remembered across handles");
    m.close();
    assertThatThrownBy(() -> m.add("after close")).isInstanceOf(MemoryClosedException.class);
    try (PgVectorStore again = PgVectorStore.open(onPglite(server), EMBEDDER.dimension())) {
      assertThat(again.memory("agent-durable", EMBEDDER).match("remembered across handles", 0.99))
          .map(Recall::id).contains(id);
    }
  }

  @Test
  void should_refuse_bad_input_as_the_in_process_memories_do_changing_nothing() {
    WorkingMemory m = store.memory("agent-bad", EMBEDDER);
    assertThatThrownBy(() -> m.add(" ")).hasMessage("text must not be null or blank: ' '");
    assertThatThrownBy(() -> m.recall("q", 0)).hasMessage("k must be > 0: 0");
    assertThatThrownBy(() -> m.match("q", 1.5)).hasMessage("threshold must be in [-1, 1]: 1.5");
    assertThatThrownBy(() -> m.addVector(new float[3], null, Map.of())).hasMessage("vector dimension 3 != 64");
    assertThatThrownBy(() -> m.add("x", Map.of("k", List.of()))).hasMessageContaining("unsupported type");
    assertThat(m.size()).isZero();
    assertThatThrownBy(() -> store.memory("agent-bad", new HashingEmbedder(32)))
        .hasMessage("embedder hashing-32 makes 32 dimensions and the pgvector store was opened for 64");
  }

  @Test
  void should_search_through_an_hnsw_index_when_configured() {
    PgVectorSettings hnsw = new PgVectorSettings(server.jdbcUrl(), "memloop_items_hnsw", PgIndex.HNSW,
        PgliteServer.POOL_SIZE, java.time.Duration.ofSeconds(5));
    try (PgVectorStore indexed = PgVectorStore.open(hnsw, EMBEDDER.dimension())) {
      WorkingMemory m = indexed.memory("agent-hnsw", EMBEDDER);
      WorkingMemory other = indexed.memory("agent-crowd", EMBEDDER);
      for (int i = 0; i < 200; i++) {
        other.add("crowd line " + i + " host=db-" + i); // another agent's rows around the one we look for
      }
      String id = m.add("investigate host=web-7 sig=port-scan");
      assertThat(m.match("investigate host=web-7 sig=port-scan", 0.99)).as("found through the index, filtered")
          .map(Recall::id).contains(id);
      assertThat(m.recall("crowd line 3", 5)).as("only this agent's rows").extracting(Recall::id).containsExactly(id);
    }
  }
}
