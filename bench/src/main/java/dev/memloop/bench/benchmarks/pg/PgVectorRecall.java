package dev.memloop.bench.benchmarks.pg;

import com.pgvector.PGvector;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A table of vectors in PostgreSQL + pgvector and its top-k query by cosine distance ({@code <=>}), exact (no
 * index: at 1,000 rows a sequential scan is what the planner picks). Works unchanged against PGlite and a
 * native server.
 */
public final class PgVectorRecall implements AutoCloseable {

  private final Connection connection;
  private final String table;
  private final PreparedStatement query;

  private PgVectorRecall(Connection connection, String table, PreparedStatement query) {
    this.connection = connection;
    this.table = table;
    this.query = query;
  }

  /** Creates the extension if needed and a fresh table holding {@code vectors}. */
  public static PgVectorRecall create(Connection connection, float[][] vectors) throws SQLException {
    int dimension = vectors[0].length;
    String table = "memloop_recall_" + Long.toHexString(System.nanoTime());
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE EXTENSION IF NOT EXISTS vector");
      s.execute("CREATE TABLE " + table + " (id bigint PRIMARY KEY, embedding vector(" + dimension + "))");
    }
    PGvector.addVectorType(connection);
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table + " (id, embedding) VALUES (?, ?)")) {
      for (int i = 0; i < vectors.length; i++) {
        insert.setLong(1, i);
        insert.setObject(2, new PGvector(vectors[i]));
        insert.addBatch();
      }
      insert.executeBatch();
    }
    PreparedStatement query = connection.prepareStatement("SELECT id FROM " + table
        + " ORDER BY embedding <=> ? LIMIT ?");
    return new PgVectorRecall(connection, table, query);
  }

  /** The ids of the k nearest by cosine distance, nearest first. */
  public List<Long> recall(float[] vector, int k) throws SQLException {
    query.setObject(1, new PGvector(vector));
    query.setInt(2, k);
    List<Long> ids = new ArrayList<>(k);
    try (ResultSet rows = query.executeQuery()) {
      while (rows.next()) {
        ids.add(rows.getLong(1));
      }
    }
    return ids;
  }

  /** The server's own name and version, for the report. */
  public String server() throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery(
        "SELECT version(), (SELECT extversion FROM pg_extension WHERE extname = 'vector')")) {
      r.next();
      String version = r.getString(1);
      int on = version.indexOf(" on ");
      return (on > 0 ? version.substring(0, on) : version) + ", pgvector " + r.getString(2);
    }
  }

  @Override
  public void close() throws SQLException {
    query.close();
    try (Statement s = connection.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table);
    }
  }
}
