package dev.memloop.pgvector;

import com.pgvector.PGvector;
import dev.memloop.memory.DuplicateIdException;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.Inputs;
import dev.memloop.memory.MemoryClosedException;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.MemoryStats;
import dev.memloop.memory.MemoryTimings;
import dev.memloop.memory.MemoryUnavailableException;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.MemoryLifecycle;
import dev.memloop.memory.MetadataValues;
import dev.memloop.memory.Recall;
import dev.memloop.memory.UnitVectors;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.OpStats;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One agent's memory as rows of a {@link PgVectorStore}'s table: every operation is a statement (or, for
 * {@link #addAll}, a transaction) on a pooled connection, so a write has returned only once the server committed
 * it, and an agent started again finds its items under the same ids. Vectors are stored unit-length and ranked by
 * cosine distance ({@code <=>}); similarity is {@code 1 - distance}, as in the in-process memories.
 *
 * <p>The same contract and the same refusals as the in-process memories (the checks are {@link Inputs}), with two
 * differences a caller should know: the server may be away ({@link MemoryUnavailableException}: nothing changed,
 * try again), and {@link #close} closes this handle, not the rows, which are the agent's durable memory ({@link
 * #clear} removes them). Ids generated here are {@code pg-<n>} from the table's sequence: unique across agents
 * and restarts, never reused. A write under an id the agent already holds is refused, never overwrites.
 *
 * <p>{@link #timings} records nothing: the store actor that serves this memory times every request it answers
 * (its {@code storeNanos}), which is the figure that counts for a networked agent. Meant for one caller at a time
 * (its store actor); the pool itself is shared and thread-safe.
 *
 * <p>Over 300 lines for one reason: it implements every operation of {@code WorkingMemory}, each one statement and
 * its refusals; the SQL is in one place so that its statements are read together.
 */
final class PgVectorMemory implements WorkingMemory {

  private final PgVectorStore store;
  private final String agentId;
  private final Embedder embedder;
  private final String t;
  private boolean closed;
  private long searches;
  private long zeroVectorQueries;

  PgVectorMemory(PgVectorStore store, String agentId, Embedder embedder) {
    this.store = store;
    this.agentId = agentId;
    this.embedder = embedder;
    this.t = store.table();
  }

  @Override
  public int dimension() {
    return store.dimension();
  }

  @Override
  public String add(String text) {
    return add(text, Map.of());
  }

  @Override
  public String add(String text, Map<String, ?> metadata) {
    Inputs.text(text, "text");
    Map<String, Object> checked = timeless(metadata);
    open("add");
    return insert(null, storable(text), text, checked);
  }

  @Override
  public List<String> addAll(List<String> texts) {
    Inputs.texts(texts);
    open("addAll");
    List<float[]> vectors = new ArrayList<>(texts.size());
    for (String text : texts) {
      vectors.add(storable(text));
    }
    return store.call("addAll", c -> {
      c.setAutoCommit(false);
      try {
        List<String> ids = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
          ids.add(insertOn(c, null, vectors.get(i), texts.get(i), Map.of()));
        }
        c.commit();
        return ids;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      } finally {
        c.setAutoCommit(true);
      }
    });
  }

  @Override
  public String addVector(float[] vector, String text, Map<String, ?> metadata) {
    double squaredNorm = Inputs.vector(vector, dimension(), "vector");
    Inputs.optionalText(text);
    Map<String, Object> checked = timeless(metadata);
    open("addVector");
    return insert(null, UnitVectors.unit(vector, squaredNorm, false), text, checked);
  }

  @Override
  public String addVector(String id, float[] vector, String text, Map<String, ?> metadata) {
    Inputs.id(id);
    double squaredNorm = Inputs.vector(vector, dimension(), "vector");
    Inputs.optionalText(text);
    Map<String, Object> checked = timeless(metadata);
    open("addVector");
    return insert(id, UnitVectors.unit(vector, squaredNorm, false), text, checked);
  }

  /**
   * Metadata checked, and refused when it asks for time: a row of pgvector is never updated, and this table keeps no
   * subject index to supersede by, so a subject, valid-from or expiry would be stored and never honoured.
   */
  private static Map<String, Object> timeless(Map<String, ?> metadata) {
    Map<String, Object> checked = MetadataValues.copyOf(metadata);
    if (MemoryLifecycle.inTime(checked)) {
      throw new IllegalStateException("a memory in pgvector keeps no subjects or validity times, so it cannot take "
          + "metadata " + MemoryLifecycle.SUBJECT + ", " + MemoryLifecycle.VALID_FROM + " or "
          + MemoryLifecycle.EXPIRES_AT + "; use an in-process or store memory for facts that supersede");
    }
    return checked;
  }

  @Override
  public List<Recall> search(MemoryQuery query) {
    if (query == null) {
      throw new IllegalArgumentException("query must not be null");
    }
    if (query.asksInTime()) {
      throw new IllegalStateException("a memory in pgvector keeps every row current (no subjects or validity times), "
          + "so it cannot answer asOf or includeSuperseded: " + query);
    }
    if (query.hybrid()) {
      throw new IllegalStateException("a memory in pgvector keeps no lexical index, so it cannot answer a hybrid "
          + "recall: use an in-process memory built with WorkingMemory.builder(embedder).lexical()");
    }
    float[] unit;
    if (query.isText()) {
      open("search");
      unit = embedUnit(query.text());
      if (unit == null) {
        return zeroQuery();
      }
    } else {
      Inputs.vector(query.vector(), dimension(), "query");
      open("search");
      unit = query.vector();
    }
    List<Recall> found = nearest(unit, query.k(), query.screen());
    if (query.minScore() != MemoryQuery.NO_MINIMUM) {
      found.removeIf(r -> r.similarity() < query.minScore());
    }
    return found;
  }

  @Override
  public Optional<float[]> vector(String id) {
    Inputs.id(id);
    open("vector");
    return store.call("vector", c -> {
      try (PreparedStatement p = c.prepareStatement("SELECT embedding::text FROM " + t
          + " WHERE agent_id = ? AND item_id = ?")) {
        p.setString(1, agentId);
        p.setString(2, id);
        try (ResultSet r = p.executeQuery()) {
          return r.next() ? Optional.of(new PGvector(r.getString(1)).toArray()) : Optional.empty();
        }
      }
    });
  }

  @Override
  public List<MemoryItem> items() {
    open("items");
    return store.call("items", c -> {
      try (PreparedStatement p = c.prepareStatement("SELECT item_id, text, metadata::text, embedding::text FROM " + t
          + " WHERE agent_id = ? ORDER BY seq")) {
        p.setString(1, agentId);
        List<MemoryItem> items = new ArrayList<>();
        try (ResultSet r = p.executeQuery()) {
          while (r.next()) {
            items.add(new MemoryItem(r.getString(1), r.getString(2), new PGvector(r.getString(4)).toArray(),
                PgMetadata.decode(r.getString(3))));
          }
        }
        return items;
      }
    });
  }

  @Override
  public boolean remove(String id) {
    Inputs.id(id);
    open("remove");
    return store.call("remove", c -> {
      try (PreparedStatement p = c.prepareStatement("DELETE FROM " + t + " WHERE agent_id = ? AND item_id = ?")) {
        p.setString(1, agentId);
        p.setString(2, id);
        return p.executeUpdate() > 0;
      }
    });
  }

  @Override
  public int removeAll(MetadataFilter filter) {
    Inputs.filter(filter);
    open("removeAll");
    return store.call("removeAll", c -> {
      List<String> doomed = new ArrayList<>();
      try (PreparedStatement p = c.prepareStatement("SELECT item_id, metadata::text FROM " + t
          + " WHERE agent_id = ?")) {
        p.setString(1, agentId);
        try (ResultSet r = p.executeQuery()) {
          while (r.next()) {
            if (filter.test(PgMetadata.decode(r.getString(2)))) {
              doomed.add(r.getString(1));
            }
          }
        }
      }
      if (doomed.isEmpty()) {
        return 0;
      }
      try (PreparedStatement d = c.prepareStatement("DELETE FROM " + t + " WHERE agent_id = ? AND item_id = ANY(?)")) {
        d.setString(1, agentId);
        d.setArray(2, c.createArrayOf("text", doomed.toArray()));
        return d.executeUpdate();
      }
    });
  }

  @Override
  public void clear() {
    open("clear");
    store.call("clear", c -> {
      try (PreparedStatement p = c.prepareStatement("DELETE FROM " + t + " WHERE agent_id = ?")) {
        p.setString(1, agentId);
        return p.executeUpdate();
      }
    });
  }

  @Override
  public int size() {
    open("size");
    return store.call("size", c -> {
      try (PreparedStatement p = c.prepareStatement("SELECT count(*) FROM " + t + " WHERE agent_id = ?")) {
        p.setString(1, agentId);
        try (ResultSet r = p.executeQuery()) {
          r.next();
          return r.getInt(1);
        }
      }
    });
  }

  @Override
  public MemoryTimings timings() {
    return new MemoryTimings(OpStats.EMPTY, OpStats.EMPTY, OpStats.EMPTY, OpStats.EMPTY);
  }

  @Override
  public MemoryStats stats() {
    return new MemoryStats(size(), 0, zeroVectorQueries, searches, 0);
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  /** Closes this handle; the agent's rows stay in the table. */
  @Override
  public void close() {
    closed = true;
  }

  @Override
  public String toString() {
    return "PgVectorMemory[agent=" + agentId + ", table=" + t + "]";
  }

  private void open(String operation) {
    if (closed) {
      throw new MemoryClosedException(operation);
    }
  }

  /** {@code text} embedded and scaled to unit length; null when it embeds to the zero vector (no known token). */
  private float[] embedUnit(String text) {
    if (embedder == null) {
      throw new IllegalStateException("this pgvector memory of agent " + agentId + " has no embedder: pass "
          + "vectors (addVector, recallVector, matchVector), or open it with one");
    }
    float[] vector = embedder.embed(text);
    double squaredNorm = Inputs.embedded(vector, dimension(), embedder, text);
    return squaredNorm == 0 ? null : UnitVectors.unit(vector, squaredNorm, true); // the embedding is ours
  }

  /** {@code text}'s unit vector, to store; a text without a known token is refused. */
  private float[] storable(String text) {
    float[] unit = embedUnit(text);
    if (unit == null) {
      throw new IllegalArgumentException("text embeds to the zero vector (no known token); nothing to store: "
          + Inputs.show(text));
    }
    return unit;
  }

  private List<Recall> zeroQuery() {
    zeroVectorQueries++;
    return List.of();
  }

  private String insert(String id, float[] unit, String text, Map<String, Object> metadata) {
    return store.call("add", c -> insertOn(c, id, unit, text, metadata));
  }

  /** Inserts one row; a caller's id already held is refused, a generated one that collides is drawn again. */
  private String insertOn(Connection c, String id, float[] unit, String text, Map<String, Object> metadata)
      throws SQLException {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO " + t + " (agent_id, item_id, text, metadata, "
        + "embedding) VALUES (?, COALESCE(?, 'pg-' || nextval('" + t + "_ids')), ?, ?::jsonb, ?) "
        + "ON CONFLICT DO NOTHING RETURNING item_id")) {
      p.setString(1, agentId);
      p.setString(3, text);
      p.setString(4, PgMetadata.encode(metadata));
      p.setObject(5, new PGvector(unit));
      for (int attempt = 0; attempt < 100; attempt++) {
        p.setString(2, id);
        try (ResultSet r = p.executeQuery()) {
          if (r.next()) {
            return r.getString(1);
          }
        }
        if (id != null) {
          throw new DuplicateIdException(id);
        }
        // a generated id the agent already holds under its own name: take the sequence's next
      }
      throw new IllegalStateException("agent " + agentId + ": 100 generated ids in a row were taken");
    }
  }

  /**
   * The {@code k} nearest rows (among those passing {@code filter}, read nearest first until k pass). k is not
   * used to size anything: the rows returned are at most the agent's.
   */
  private List<Recall> nearest(float[] query, int k, MetadataFilter filter) {
    searches++;
    PGvector q = new PGvector(query);
    return store.call("recall", c -> {
      try (PreparedStatement p = c.prepareStatement("SELECT item_id, text, metadata::text, 1 - (embedding <=> ?) "
          + "FROM " + t + " WHERE agent_id = ? ORDER BY embedding <=> ?" + (filter == null ? " LIMIT ?" : ""))) {
        p.setObject(1, q);
        p.setString(2, agentId);
        p.setObject(3, q);
        if (filter == null) {
          p.setInt(4, k);
        }
        List<Recall> results = new ArrayList<>(Math.min(k, 16));
        try (ResultSet r = p.executeQuery()) {
          while (results.size() < k && r.next()) {
            Map<String, Object> metadata = PgMetadata.decode(r.getString(3));
            if (filter == null || filter.test(metadata)) {
              results.add(new Recall(r.getString(1), r.getString(2), r.getDouble(4), metadata));
            }
          }
        }
        return results;
      }
    });
  }
}
