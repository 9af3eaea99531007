package dev.memloop.blackboard;

import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.MemoryStats;
import dev.memloop.memory.MemoryTimings;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The blackboard's memory as seen by readers that speak the {@code MemoryStore} protocol (networked agents):
 * every read passes through, every write is refused, because a blackboard is written only through its actor,
 * so that posts have one order. {@code close} closes nothing: readers do not own the blackboard, and a read
 * port that is closed simply stops.
 */
final class ReadOnlyMemory implements WorkingMemory {

  private final BoardMemory memory;

  ReadOnlyMemory(BoardMemory memory) {
    this.memory = memory;
  }

  private static IllegalStateException refused(String operation) {
    return new IllegalStateException(operation + " refused: a blackboard is written only through Blackboard.Post");
  }

  @Override
  public int dimension() {
    return memory.dimension();
  }

  @Override
  public String add(String text) {
    throw refused("add");
  }

  @Override
  public String add(String text, Map<String, ?> metadata) {
    throw refused("add");
  }

  @Override
  public List<String> addAll(List<String> texts) {
    throw refused("addAll");
  }

  @Override
  public String addVector(float[] vector, String text, Map<String, ?> metadata) {
    throw refused("addVector");
  }

  @Override
  public String addVector(String id, float[] vector, String text, Map<String, ?> metadata) {
    throw refused("addVector");
  }

  @Override
  public List<Recall> search(MemoryQuery query) {
    return memory.search(query);
  }

  @Override
  public Optional<Recall> match(String text, double threshold) {
    return memory.match(text, threshold);
  }

  @Override
  public Optional<Recall> matchVector(float[] query, double threshold) {
    return memory.matchVector(query, threshold);
  }

  @Override
  public Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind) {
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    return memory.matchVector(query, threshold, kind);
  }

  @Override
  public Optional<Recall> matchVector(float[] query, double threshold, MemoryKind kind, String identity) {
    if (kind == null || identity == null) {
      throw new IllegalArgumentException("kind and identity must not be null: " + kind + ", " + identity);
    }
    return memory.matchVector(query, threshold, kind, identity);
  }

  @Override
  public List<MemoryItem> items() {
    return memory.items();
  }

  @Override
  public Optional<float[]> vector(String id) {
    return memory.vector(id);
  }

  @Override
  public boolean remove(String id) {
    throw refused("remove");
  }

  @Override
  public int removeAll(MetadataFilter filter) {
    throw refused("removeAll");
  }

  @Override
  public void clear() {
    throw refused("clear");
  }

  @Override
  public int size() {
    return memory.size();
  }

  @Override
  public MemoryTimings timings() {
    return memory.timings();
  }

  @Override
  public MemoryStats stats() {
    return memory.stats();
  }

  @Override
  public boolean isClosed() {
    return memory.isClosed();
  }

  @Override
  public void close() {
    // the blackboard outlives its readers
  }
}
