package dev.memloop.runtime;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.embed.Float16;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An {@link AgentSnapshot} kept small, for holding many idle agents: the vectors as IEEE half-precision values in
 * one array (2 bytes a component instead of 4, and no array header per item), the ids, texts and metadata as they
 * were. {@link #restore} gives back a snapshot an agent starts from ({@link Agent#create(AgentSpec, AgentSnapshot)})
 * with the same ids, texts, metadata and turn count; its vectors are the half-precision roundings of the originals
 * (a relative error of at most 2<sup>-11</sup> a component, so an item's cosine with its original stays above
 * 0.99999 for the embeddings memloop makes, and the guard still catches a repeat at 0.999).
 *
 * <p>The form an agent is kept in twice: by {@link PassivatingAgent} while it is passivated, and in Distributed
 * Data by a sharded agent between turns, so that a handoff or a passivation in the cluster replicates half the
 * bytes. Rounding is idempotent (a decoded half encodes to itself), so an agent that moves many times keeps the
 * vectors of its first move. Between nodes it travels as Jackson CBOR, the vectors as one byte string; a
 * snapshot whose arrays disagree is refused as it is read.
 *
 * <p>Immutable; plain data, safe to share.
 */
public final class CompactSnapshot implements RuntimeMessage {

  private final String agentId;
  private final int turnsCompleted;
  private final int dimension;
  private final String[] ids;
  private final String[] texts;
  private final Map<String, Object>[] metadata; // null when no item has any
  private final short[] halves; // item i's vector at [i * dimension, (i + 1) * dimension)

  private CompactSnapshot(String agentId, int turnsCompleted, int dimension, String[] ids, String[] texts,
      Map<String, Object>[] metadata, short[] halves) {
    this.agentId = agentId;
    this.turnsCompleted = turnsCompleted;
    this.dimension = dimension;
    this.ids = ids;
    this.texts = texts;
    this.metadata = metadata;
    this.halves = halves;
  }

  /** As read from another node: checked, since a peer may send anything. */
  @JsonCreator
  @SuppressWarnings("unchecked")
  static CompactSnapshot read(@JsonProperty("agentId") String agentId,
      @JsonProperty("turnsCompleted") int turnsCompleted, @JsonProperty("dimension") int dimension,
      @JsonProperty("ids") String[] ids, @JsonProperty("texts") String[] texts,
      @JsonProperty("metadata") Map<String, Object>[] metadata, @JsonProperty("halves") byte[] halves) {
    if (agentId == null || agentId.isBlank() || turnsCompleted < 0 || dimension < 0 || ids == null || texts == null
        || halves == null || texts.length != ids.length || (metadata != null && metadata.length != ids.length)
        || halves.length != 2L * ids.length * dimension) {
      throw new IllegalArgumentException("a compact snapshot whose parts disagree: agent " + agentId + ", "
          + (ids == null ? "no" : ids.length) + " ids, " + (texts == null ? "no" : texts.length) + " texts, "
          + (halves == null ? "no" : halves.length) + " vector bytes at dimension " + dimension);
    }
    short[] values = new short[halves.length / 2];
    ByteBuffer.wrap(halves).order(ByteOrder.LITTLE_ENDIAN).asShortBuffer().get(values);
    return new CompactSnapshot(agentId, turnsCompleted, dimension, ids.clone(), texts.clone(),
        metadata == null ? null : metadata.clone(), values);
  }

  @JsonProperty("agentId")
  private String wireAgentId() {
    return agentId;
  }

  @JsonProperty("turnsCompleted")
  private int wireTurnsCompleted() {
    return turnsCompleted;
  }

  @JsonProperty("dimension")
  private int wireDimension() {
    return dimension;
  }

  @JsonProperty("ids")
  private String[] wireIds() {
    return ids;
  }

  @JsonProperty("texts")
  private String[] wireTexts() {
    return texts;
  }

  @JsonProperty("metadata")
  private Map<String, Object>[] wireMetadata() {
    return metadata;
  }

  /** The vectors as one byte string (little-endian halves): CBOR writes it as bytes, not a list of numbers. */
  @JsonProperty("halves")
  private byte[] wireHalves() {
    ByteBuffer bytes = ByteBuffer.allocate(2 * halves.length).order(ByteOrder.LITTLE_ENDIAN);
    bytes.asShortBuffer().put(halves);
    return bytes.array();
  }

  /**
   * The compact form of {@code snapshot}.
   *
   * @throws IllegalArgumentException if its items' vectors differ in dimension
   */
  @SuppressWarnings("unchecked")
  public static CompactSnapshot of(AgentSnapshot snapshot) {
    List<MemoryItem> items = snapshot.items();
    int n = items.size();
    int dimension = n == 0 ? 0 : items.get(0).vector().length;
    String[] ids = new String[n];
    String[] texts = new String[n];
    Map<String, Object>[] metadata = null;
    short[] halves = new short[n * dimension];
    for (int i = 0; i < n; i++) {
      MemoryItem item = items.get(i);
      if (item.vector().length != dimension) {
        throw new IllegalArgumentException("agent " + snapshot.agentId() + ": item " + item.id() + " has "
            + item.vector().length + " dimensions, the first item " + dimension);
      }
      ids[i] = item.id();
      texts[i] = item.text();
      if (!item.metadata().isEmpty()) {
        if (metadata == null) {
          metadata = new Map[n];
        }
        metadata[i] = item.metadata();
      }
      float[] vector = item.vector();
      for (int d = 0; d < dimension; d++) {
        halves[i * dimension + d] = Float16.fromFloat(vector[d]);
      }
    }
    return new CompactSnapshot(snapshot.agentId(), snapshot.turnsCompleted(), dimension, ids, texts, metadata,
        halves);
  }

  /** The snapshot an agent starts from: the same items under the same ids, vectors decoded from half precision. */
  public AgentSnapshot restore() {
    List<MemoryItem> items = new ArrayList<>(ids.length);
    for (int i = 0; i < ids.length; i++) {
      float[] vector = new float[dimension];
      for (int d = 0; d < dimension; d++) {
        vector[d] = Float16.toFloat(halves[i * dimension + d]);
      }
      items.add(new MemoryItem(ids[i], texts[i], vector, metadata == null || metadata[i] == null ? Map.of()
          : metadata[i]));
    }
    return new AgentSnapshot(agentId, turnsCompleted, items);
  }

  public String agentId() {
    return agentId;
  }

  /** Completed turns carried with the snapshot. */
  public int turnsCompleted() {
    return turnsCompleted;
  }

  /** Items kept. */
  public int size() {
    return ids.length;
  }

  /** Bytes of the vectors as kept (2 a component). */
  public long vectorBytes() {
    return 2L * halves.length;
  }
}
