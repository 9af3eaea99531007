package dev.memloop.memory.actor;

import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.MemoryUnavailableException;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

  MemoryStore.Reply recall(MemoryStore.RecallTopK m) {
    return timed(m.requestId(), start -> {
      MemoryQuery.Builder query = m.vector() == null ? MemoryQuery.text(m.query()) : MemoryQuery.vector(m.vector());
      List<Recall> items = memory.search(query.k(m.k()).kinds(m.kinds()).build());
      return new MemoryStore.Recalled(m.requestId(), items, elapsed(start), 0);
    });
  }

  MemoryStore.Reply match(MemoryStore.Match m) {
    return timed(m.requestId(), start -> {
      Optional<Recall> best;
      if (m.kinds() == null && m.identity() == null) {
        best = m.vector() == null ? memory.match(m.text(), m.threshold()) : memory.matchVector(m.vector(), m.threshold());
      } else if (m.vector() != null && m.kinds() != null && m.kinds().size() == 1) { // the guard's: a miss allocates nothing
        MemoryKind kind = m.kinds().iterator().next();
        best = m.identity() == null ? memory.matchVector(m.vector(), m.threshold(), kind)
            : memory.matchVector(m.vector(), m.threshold(), kind, m.identity());
      } else {
        best = matchAmong(m);
      }
      return new MemoryStore.Matched(m.requestId(), best.orElse(null), elapsed(start), 0);
    });
  }

  private Optional<Recall> matchAmong(MemoryStore.Match m) {
    MemoryQuery.Builder query = m.vector() == null ? MemoryQuery.text(m.text()) : MemoryQuery.vector(m.vector());
    query.minScore(m.threshold()).kinds(m.kinds());
    if (m.identity() != null) {
      query.identity(m.identity());
    }
    return memory.search(query.build()).stream().findFirst();
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
