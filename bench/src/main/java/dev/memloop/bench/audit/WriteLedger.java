package dev.memloop.bench.audit;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every write a memory acknowledged (returned an id for), by agent: what the soak's audit must find again at the
 * end. Thread-safe: a networked agent's store writes from the store dispatcher's threads.
 */
public final class WriteLedger {

  /** One acknowledged write: the id the memory gave it and the text it was asked to keep. */
  public record Acked(String id, String text) {}

  private final ConcurrentHashMap<String, ConcurrentLinkedQueue<Acked>> byAgent = new ConcurrentHashMap<>();
  private final LongAdder total = new LongAdder();

  public void acknowledged(String agentId, String id, String text) {
    byAgent.computeIfAbsent(agentId, a -> new ConcurrentLinkedQueue<>()).add(new Acked(id, text));
    total.increment();
  }

  /** The writes acknowledged to {@code agentId}, in the order they were. */
  public List<Acked> of(String agentId) {
    ConcurrentLinkedQueue<Acked> acked = byAgent.get(agentId);
    return acked == null ? List.of() : List.copyOf(acked);
  }

  public Set<String> agents() {
    return Set.copyOf(byAgent.keySet());
  }

  public long total() {
    return total.sum();
  }
}
