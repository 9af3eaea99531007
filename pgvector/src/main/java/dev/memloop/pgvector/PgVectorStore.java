package dev.memloop.pgvector;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryUnavailableException;
import dev.memloop.memory.WorkingMemory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Agents' memories in one PostgreSQL + pgvector table, reached through a bounded pool (HikariCP): opened once, it
 * checks the server (the {@code vector} extension, the table's dimension, created when missing) and hands out one
 * {@link PgVectorMemory} per agent, which costs nothing to make. Rows are keyed by agent id and item id: an agent's
 * memory is what the table holds under its id, so an agent stopped and started again, anywhere, finds it.
 * Thread-safe; every call has the settings' deadline (borrowing a connection, connecting, reading a reply).
 */
public final class PgVectorStore implements AutoCloseable {

  private final PgVectorSettings settings;
  private final int dimension;
  private final HikariDataSource pool;
  private final String server;

  private PgVectorStore(PgVectorSettings settings, int dimension, HikariDataSource pool, String server) {
    this.settings = settings;
    this.dimension = dimension;
    this.pool = pool;
    this.server = server;
  }

  /**
   * Connects, checks the extension and creates the table (and its index) if missing.
   *
   * @param dimension the embedder's: a table made for another dimension is refused
   * @throws IllegalArgumentException for a URL that is not PostgreSQL's, a server without the {@code vector}
   *     extension, or a table of another dimension, each with its fix; the URL shown without its password
   * @throws MemoryUnavailableException if the server cannot be reached within the timeout
   */
  public static PgVectorStore open(PgVectorSettings settings, int dimension) {
    if (settings == null || settings.url() == null) {
      throw new IllegalArgumentException("memloop.pgvector.url is not set: give a jdbc:postgresql: URL (--pg-url), "
          + "or let the command start PGlite");
    }
    if (dimension < 1 || dimension > 16_000) {
      throw new IllegalArgumentException("pgvector stores 1 to 16000 dimensions: " + dimension);
    }
    HikariDataSource pool;
    try {
      pool = new HikariDataSource(poolConfig(settings));
    } catch (RuntimeException e) { // Hikari's PoolInitializationException: the first connection failed
      throw unavailable(settings, "connecting", e);
    }
    try {
      String server = prepare(pool, settings, dimension);
      return new PgVectorStore(settings, dimension, pool, server);
    } catch (SQLException e) {
      pool.close();
      throw unavailable(settings, "checking the schema", e);
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
  }

  /** One agent's memory: no I/O until it is used. {@code embedder} (may be null) embeds its text operations. */
  public WorkingMemory memory(String agentId, Embedder embedder) {
    if (agentId == null || agentId.isBlank()) {
      throw new IllegalArgumentException("a pgvector memory needs its agent's id: " + agentId);
    }
    if (embedder != null && embedder.dimension() != dimension) {
      throw new IllegalArgumentException("embedder " + embedder.name() + " makes " + embedder.dimension()
          + " dimensions and the pgvector store was opened for " + dimension);
    }
    return new PgVectorMemory(this, agentId, embedder);
  }

  public PgVectorSettings settings() {
    return settings;
  }

  public int dimension() {
    return dimension;
  }

  /** The server's name and version and pgvector's, for reports: {@code PostgreSQL 18.0, pgvector 0.8.7}. */
  public String server() {
    return server;
  }

  /**
   * Deletes the rows of every agent whose id starts with {@code prefix} (a run's own agents, tagged so): returns
   * how many rows went.
   */
  public int forgetAgentsStartingWith(String prefix) {
    if (prefix == null || prefix.isBlank()) {
      throw new IllegalArgumentException("a prefix of agent ids must not be blank: every agent's rows would go");
    }
    String pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    return call("forgetting a run's agents", c -> {
      try (PreparedStatement p = c.prepareStatement("DELETE FROM " + table() + " WHERE agent_id LIKE ?")) {
        p.setString(1, pattern);
        return p.executeUpdate();
      }
    });
  }

  /** Closes the pool; the rows stay. */
  @Override
  public void close() {
    pool.close();
  }

  String table() {
    return settings.table();
  }

  /** Runs {@code call} on a pooled connection, a failure of the server turned into a named exception. */
  <T> T call(String operation, SqlCall<T> call) {
    try (Connection connection = pool.getConnection()) {
      return call.run(connection);
    } catch (SQLException e) {
      throw failure(operation, e);
    }
  }

  /** A statement's work on a connection. */
  @FunctionalInterface
  interface SqlCall<T> {
    T run(Connection connection) throws SQLException;
  }

  private RuntimeException failure(String operation, SQLException e) {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    // data, integrity and syntax errors are memloop's or the input's, not the server's absence
    if (state.startsWith("22") || state.startsWith("23") || state.startsWith("42")) {
      return new IllegalStateException("pgvector store refused " + operation + " (" + state + "): "
          + firstLine(e.getMessage()), e);
    }
    return unavailable(settings, operation, e);
  }

  private static MemoryUnavailableException unavailable(PgVectorSettings settings, String operation, Exception e) {
    Throwable cause = e.getCause() instanceof SQLException sql ? sql : e;
    return new MemoryUnavailableException("pgvector store at " + PgUrl.redacted(settings.url()) + " unavailable ("
        + operation + "): " + firstLine(cause.getMessage()), e);
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "no message";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }

  private static HikariConfig poolConfig(PgVectorSettings settings) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("memloop-pgvector");
    config.setJdbcUrl(settings.url());
    config.setMaximumPoolSize(settings.poolSize());
    config.setMinimumIdle(1);
    long millis = settings.timeout().toMillis();
    config.setConnectionTimeout(millis);
    config.setValidationTimeout(Math.max(250, Math.min(millis, 5_000)));
    int seconds = (int) Math.max(1, (millis + 999) / 1000);
    // pgjdbc's own deadlines, in whole seconds: the TCP connect, the login, and any read of a reply
    config.addDataSourceProperty("connectTimeout", seconds);
    config.addDataSourceProperty("loginTimeout", seconds);
    config.addDataSourceProperty("socketTimeout", seconds);
    if (settings.index() == PgIndex.HNSW) {
      // pgvector 0.8: keep scanning the graph until LIMIT rows pass the agent filter
      config.setConnectionInitSql("SET hnsw.iterative_scan = strict_order");
    }
    return config;
  }

  private static String prepare(HikariDataSource pool, PgVectorSettings settings, int dimension) throws SQLException {
    String t = settings.table();
    try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
      String extension = extensionVersion(c);
      if (extension == null) {
        try {
          s.execute("CREATE EXTENSION IF NOT EXISTS vector");
        } catch (SQLException refused) {
          throw new IllegalArgumentException("the database at " + PgUrl.redacted(settings.url()) + " has no vector "
              + "extension and memloop may not create it (" + firstLine(refused.getMessage()) + "): install pgvector "
              + "(https://github.com/pgvector/pgvector) and run CREATE EXTENSION vector as the database's owner");
        }
        extension = extensionVersion(c);
      }
      Integer existing = tableDimension(c, t);
      if (existing != null && existing != dimension) {
        throw new IllegalArgumentException("table " + t + " holds vectors of " + existing + " dimensions and the "
            + "embedder makes " + dimension + ": set memloop.pgvector.table to another table, or use the embedder "
            + "the table was made with");
      }
      s.execute("CREATE TABLE IF NOT EXISTS " + t + " (agent_id text NOT NULL, item_id text NOT NULL, "
          + "seq bigint GENERATED ALWAYS AS IDENTITY, text text, metadata jsonb NOT NULL, "
          + "embedding vector(" + dimension + ") NOT NULL, PRIMARY KEY (agent_id, item_id))");
      s.execute("CREATE SEQUENCE IF NOT EXISTS " + t + "_ids");
      s.execute("CREATE INDEX IF NOT EXISTS " + t + "_order ON " + t + " (agent_id, seq)");
      if (settings.index() == PgIndex.HNSW) {
        s.execute("CREATE INDEX IF NOT EXISTS " + t + "_hnsw ON " + t + " USING hnsw (embedding vector_cosine_ops)");
      }
      try (ResultSet r = s.executeQuery("SELECT version()")) {
        r.next();
        String version = r.getString(1);
        int on = version.indexOf(" on ");
        return (on > 0 ? version.substring(0, on) : version) + ", pgvector " + extension;
      }
    }
  }

  private static String extensionVersion(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT extversion FROM pg_extension WHERE extname = 'vector'")) {
      return r.next() ? r.getString(1) : null;
    }
  }

  /** The dimension of {@code table}'s embedding column, or null when there is no such table. */
  private static Integer tableDimension(Connection c, String table) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("SELECT format_type(atttypid, atttypmod) FROM pg_attribute "
        + "WHERE attrelid = to_regclass(?) AND attname = 'embedding'")) {
      p.setString(1, table);
      try (ResultSet r = p.executeQuery()) {
        if (!r.next()) {
          return null;
        }
        String type = r.getString(1); // vector(256)
        int open = type.indexOf('(');
        if (!type.startsWith("vector") || open < 0) {
          throw new IllegalArgumentException("table " + table + " has an embedding column of type " + type
              + ", not memloop's vector(n): set memloop.pgvector.table to another table");
        }
        return Integer.parseInt(type.substring(open + 1, type.indexOf(')')));
      }
    }
  }
}
