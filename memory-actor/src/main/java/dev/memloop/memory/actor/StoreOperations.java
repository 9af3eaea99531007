package dev.memloop.memory.actor;

import dev.memloop.memory.MemoryUnavailableException;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.List;
import java.util.Map;

/**
 * The store's side of each request, timed, with refusals turned into {@link MemoryStore.Rejected} replies.
 * Pekko-free so that it reads as what it is: calls on a {@link WorkingMemory}. Confined to the store actor.
 */
final class StoreOperations {

  private final WorkingMemory memory;

  StoreOperations(WorkingMemory memory) {
    this.memory = memory;
  }

  MemoryStore.Reply add(MemoryStore.Add m) {
    Map<String, Object> metadata = m.metadata() == null ? Map.of() : m.metadata();
    return timed(m.requestId(), start -> {
      String id = m.vector() == null ? memory.add(m.text(), metadata) : memory.addVector(m.vector(), m.text(), metadata);
      return new MemoryStore.Added(m.requestId(), id, elapsed(start), 0);
    });
  }

  MemoryStore.Reply search(MemoryStore.Search m) {
    return timed(m.requestId(), start -> {
      List<Recall> items = memory.search(m.query().toQuery());
      return new MemoryStore.Recalled(m.requestId(), items, elapsed(start), 0);
    });
  }

  MemoryStore.Reply stats(MemoryStore.GetStats m) {
    return timed(m.requestId(), start ->
        new MemoryStore.StatsReply(m.requestId(), memory.stats(), memory.timings(), elapsed(start), 0));
  }

  MemoryStore.Reply close(MemoryStore.Close m) {
    long start = System.nanoTime();
    memory.close();
    return new MemoryStore.Closed(m.requestId(), elapsed(start), 0);
  }

  private static MemoryStore.Reply timed(long requestId, Operation operation) {
    long start = System.nanoTime();
    try {
      return operation.run(start);
    } catch (IllegalArgumentException | IllegalStateException e) {
      // refusals (bad input, MemoryFullException, MemoryClosedException) leave the memory unchanged; anything
      // else is a bug and fails the actor, which restarts with the same memory
      return new MemoryStore.Rejected(requestId, e.getMessage(), elapsed(start), 0);
    } catch (MemoryUnavailableException e) {
      return new MemoryStore.Unavailable(requestId, e.getMessage(), elapsed(start), 0); // a database away
    }
  }

  /** One request's work, given its start time (a lambda taking a primitive, so nothing is boxed). */
  private interface Operation {
    MemoryStore.Reply run(long start);
  }

  private static long elapsed(long start) {
    return System.nanoTime() - start;
  }
}
