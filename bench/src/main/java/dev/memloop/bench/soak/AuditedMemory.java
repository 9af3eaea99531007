package dev.memloop.bench.soak;

import dev.memloop.bench.audit.WriteLedger;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.MemoryStats;
import dev.memloop.memory.MemoryTimings;
import dev.memloop.memory.MetadataFilter;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A memory that tells a {@link WriteLedger} every write it acknowledged, and is otherwise the memory it wraps. An
 * add that throws (a database that cannot be reached) acknowledged nothing and is not in the ledger.
 */
final class AuditedMemory implements WorkingMemory {

  private final WorkingMemory memory;
  private final String agentId;
  private final WriteLedger ledger;

  AuditedMemory(WorkingMemory memory, String agentId, WriteLedger ledger) {
    this.memory = memory;
    this.agentId = agentId;
    this.ledger = ledger;
  }

  private String acked(String id, String text) {
    ledger.acknowledged(agentId, id, text);
    return id;
  }

  @Override
  public String add(String text) {
    return acked(memory.add(text), text);
  }

  @Override
  public String add(String text, Map<String, ?> metadata) {
    return acked(memory.add(text, metadata), text);
  }

  @Override
  public List<String> addAll(List<String> texts) {
    List<String> ids = memory.addAll(texts);
    for (int i = 0; i < ids.size(); i++) {
      acked(ids.get(i), texts.get(i));
    }
    return ids;
  }

  @Override
  public String addVector(float[] vector, String text, Map<String, ?> metadata) {
    return acked(memory.addVector(vector, text, metadata), text);
  }

  @Override
  public String addVector(String id, float[] vector, String text, Map<String, ?> metadata) {
    return acked(memory.addVector(id, vector, text, metadata), text);
  }

  // the rest is the wrapped memory's

  @Override
  public int dimension() {
    return memory.dimension();
  }

  @Override
  public List<Recall> recall(String query, int k) {
    return memory.recall(query, k);
  }

  @Override
  public List<Recall> recall(String query, int k, MetadataFilter filter) {
    return memory.recall(query, k, filter);
  }

  @Override
  public List<Recall> recallVector(float[] query, int k) {
    return memory.recallVector(query, k);
  }

  @Override
  public List<Recall> recallVector(float[] query, int k, MetadataFilter filter) {
    return memory.recallVector(query, k, filter);
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
  public boolean seen(String text, double threshold) {
    return memory.seen(text, threshold);
  }

  @Override
  public Optional<float[]> vector(String id) {
    return memory.vector(id);
  }

  @Override
  public List<MemoryItem> items() {
    return memory.items();
  }

  @Override
  public boolean remove(String id) {
    return memory.remove(id);
  }

  @Override
  public int removeAll(MetadataFilter filter) {
    return memory.removeAll(filter);
  }

  @Override
  public void clear() {
    memory.clear();
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
    memory.close();
  }
}
