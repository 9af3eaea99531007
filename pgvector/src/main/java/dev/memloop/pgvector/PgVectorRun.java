package dev.memloop.pgvector;

import com.typesafe.config.Config;
import dev.memloop.runtime.ExternalMemories;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The PostgreSQL + pgvector a command's {@code memory.store = pgvector} agents keep their memories in, for one run:
 * the server {@code --pg-url} or {@code memloop.pgvector.url} names, or PGlite started on 127.0.0.1 when neither
 * does. The run's agents are tagged ({@code <run tag>/<agent id>}), so that a run never finds another run's rows
 * under the same agent ids, and the run's rows are deleted when it closes (they were its agents' working memory,
 * not the user's data). {@link #label} says which server, without a password.
 */
public final class PgVectorRun implements AutoCloseable {

  private static final Duration PGLITE_START = Duration.ofMinutes(3);

  private final PgliteServer pglite;
  private final PgVectorStore store;
  private final String tag;

  private PgVectorRun(PgliteServer pglite, PgVectorStore store, String tag) {
    this.pglite = pglite;
    this.store = store;
    this.tag = tag;
  }

  /**
   * @param flagUrl {@code --pg-url}, or null for the config's
   * @throws IllegalArgumentException for a bad URL or settings (named, no password) or a server that refuses the
   *     table; {@link dev.memloop.memory.MemoryUnavailableException} when it cannot be reached
   */
  public static PgVectorRun open(Config root, String flagUrl, int dimension) throws Exception {
    PgVectorSettings settings = PgVectorConfig.from(root);
    if (flagUrl != null) {
      settings = settings.withUrl(PgUrl.checked(flagUrl, "--pg-url"));
    }
    PgliteServer pglite = null;
    if (settings.url() == null) {
      pglite = PgliteServer.start(PGLITE_START);
      settings = new PgVectorSettings(pglite.jdbcUrl(), settings.table(), settings.index(), PgliteServer.POOL_SIZE,
          settings.timeout());
    }
    try {
      String tag = "run-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
          + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 16)) + "/";
      return new PgVectorRun(pglite, PgVectorStore.open(settings, dimension), tag);
    } catch (RuntimeException e) {
      if (pglite != null) {
        pglite.close();
      }
      throw e;
    }
  }

  /** Each agent's memory, under the run's tag. */
  public ExternalMemories memories(dev.memloop.memory.Embedder embedder) {
    return agentId -> store.memory(tag + agentId, embedder);
  }

  /** Whether the server is PGlite started for the run (one statement at a time), not the user's own. */
  public boolean onPglite() {
    return pglite != null;
  }

  /** Which server, for the report and run.json: its version, and PGlite or the URL without its password. */
  public String label() {
    return store.server() + (pglite != null ? " (PGlite, WebAssembly, on 127.0.0.1, started for the run)"
        : " at " + PgUrl.redacted(store.settings().url())) + ", index " + store.settings().index().key();
  }

  @Override
  public void close() {
    try {
      store.forgetAgentsStartingWith(tag);
    } catch (RuntimeException e) {
      System.err.println("memloop: the run's rows (agents " + tag + "*) were not deleted: " + e.getMessage());
    } finally {
      store.close();
      if (pglite != null) {
        pglite.close();
      }
    }
  }
}
