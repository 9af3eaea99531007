package dev.memloop.pgvector;

import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.WorkingMemoryContract;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** An agent's memory in PostgreSQL + pgvector (PGlite on 127.0.0.1) meets the contract; each test is a new agent. */
class PgVectorMemoryContractTest extends WorkingMemoryContract {

  private static final AtomicInteger AGENTS = new AtomicInteger();
  private static PgliteServer server;
  private static PgVectorStore store;

  @BeforeAll
  static void start() throws Exception {
    server = PgliteFixture.start();
    store = PgVectorStore.open(PgVectorMemoryTest.onPglite(server), EMBEDDER.dimension());
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

  @Override
  protected WorkingMemory newMemory() {
    return store.memory("contract-" + AGENTS.incrementAndGet(), EMBEDDER);
  }
}
