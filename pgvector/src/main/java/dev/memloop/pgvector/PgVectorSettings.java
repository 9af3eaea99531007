package dev.memloop.pgvector;

import java.time.Duration;
import java.util.regex.Pattern;

/**
 * Where and how agents' memories are kept in PostgreSQL + pgvector ({@code memloop.pgvector}): the server's JDBC
 * URL, the table (created when missing), the index, the connection pool's size and the deadline of every call
 * (connecting, borrowing a connection, each statement). {@link #toString} never shows the password.
 *
 * @param url a {@code jdbc:postgresql:} URL; null when the caller starts PGlite itself and fills it in later
 */
public record PgVectorSettings(String url, String table, PgIndex index, int poolSize, Duration timeout) {

  /** The table every agent's items go to unless configured otherwise. */
  public static final String DEFAULT_TABLE = "memloop_items";
  public static final int MAX_POOL_SIZE = 64;
  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,47}");

  public PgVectorSettings {
    if (url != null) {
      PgUrl.checked(url, "memloop.pgvector.url");
    }
    if (table == null || !IDENTIFIER.matcher(table).matches()) {
      throw new IllegalArgumentException("memloop.pgvector.table must be a lower-case SQL name (letters, digits, "
          + "'_', at most 48): '" + table + "'");
    }
    if (index == null) {
      throw new IllegalArgumentException("memloop.pgvector.index must be exact or hnsw");
    }
    if (poolSize < 1 || poolSize > MAX_POOL_SIZE) {
      throw new IllegalArgumentException("memloop.pgvector.pool-size must be in [1, " + MAX_POOL_SIZE + "]: "
          + poolSize);
    }
    if (timeout == null || timeout.compareTo(Duration.ofMillis(250)) < 0 || timeout.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException("memloop.pgvector.timeout must be in [250ms, 1h] (the pool's shortest "
          + "wait is 250 ms): " + timeout);
    }
  }

  /** The defaults: the default table, exact search, 4 connections, 5 s per call. */
  public static PgVectorSettings of(String url) {
    return new PgVectorSettings(url, DEFAULT_TABLE, PgIndex.EXACT, 4, Duration.ofSeconds(5));
  }

  public PgVectorSettings withUrl(String newUrl) {
    return new PgVectorSettings(newUrl, table, index, poolSize, timeout);
  }

  @Override
  public String toString() {
    return "PgVectorSettings[url=" + PgUrl.redacted(url) + ", table=" + table + ", index=" + index.key()
        + ", poolSize=" + poolSize + ", timeout=" + timeout + "]";
  }
}
