package dev.memloop.bench.soak;

import dev.memloop.bench.audit.WriteLedger;
import dev.memloop.memory.ForwardingWorkingMemory;
import dev.memloop.memory.WorkingMemory;
import java.util.List;
import java.util.Map;

/**
 * A memory that tells a {@link WriteLedger} every write it acknowledged, and is otherwise the memory it wraps. An
 * add that throws (a database that cannot be reached) acknowledged nothing and is not in the ledger. Reads, removals
 * and the rest are forwarded.
 */
final class AuditedMemory extends ForwardingWorkingMemory {

  private final WorkingMemory memory;
  private final String agentId;
  private final WriteLedger ledger;

  AuditedMemory(WorkingMemory memory, String agentId, WriteLedger ledger) {
    this.memory = memory;
    this.agentId = agentId;
    this.ledger = ledger;
  }

  @Override
  protected WorkingMemory delegate() {
    return memory;
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
}
