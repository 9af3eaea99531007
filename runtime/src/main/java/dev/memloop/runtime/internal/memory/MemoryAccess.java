package dev.memloop.runtime.internal.memory;

import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import java.util.List;
import java.util.Map;

/**
 * How an agent reaches its store, below the budget and the embedder: a direct call on a memory it owns
 * ({@link LocalMemoryAccess}), messages to a {@code MemoryStore} actor ({@link StoreAccess}), or a shared
 * blackboard's view, port and writer. Every read of an agent goes through one of these, whoever asked (the
 * runtime's guard or the reasoner's memory handle), so only latency differs between policies: the experiments'
 * causal design.
 *
 * <p>Vectors are unit length, from the agent's embedder; they are handed over and never changed. Not thread-safe:
 * used only by the owning agent's actor, and every callback runs on it.
 */
public interface MemoryAccess extends AutoCloseable {

  /** The round-trip delay injected into every request (0 in process): the budget estimate's first term. */
  long injectedDelayNanos();

  /** How reads travel, for the call records. */
  MemoryPath readPath();

  /** How writes travel, for the call records. */
  MemoryPath writePath();

  /**
   * The one read: the items {@code query} asks for, best first (a vector query: the agent's embedding of the text);
   * {@code answer} is called exactly once: at once in process, later (on the agent's thread, from a message) over a
   * network, or with {@code timedOut} when no reply came within {@code timeoutNanos}. The guard's lookup is a
   * {@link MemoryQuery#nearest} query, which a memory in this process answers without allocating on a miss.
   *
   * @throws IllegalArgumentException for a text query, or a filter the access cannot run (a store across the
   *     network: a filter is code)
   */
  void search(MemoryQuery query, long timeoutNanos, Answer<List<Recall>> answer);

  /**
   * Refuses a query this access cannot answer, before anything is reserved or sent: a filter, for a store across the
   * network. Whether the query is a text or a vector does not matter here: the agent embeds before it searches.
   *
   * @throws IllegalArgumentException naming what it cannot do
   */
  default void check(MemoryQuery query) {}

  /**
   * Stores {@code text} under its embedding {@code vector}; never charged to the budget. {@code stored} is called
   * exactly once with the outcome, at once in process or when the acknowledgement arrives; a write whose store
   * goes away before acknowledging is never answered.
   */
  void add(String text, float[] vector, Map<String, Object> metadata, Stored stored);

  /** A turn starts (a snapshot access takes its snapshot here). */
  default void startTurn() {}

  /** Items the store holds, if it can tell without a round trip; -1 otherwise. */
  default int size() {
    return -1;
  }

  @Override
  void close();

  /** A read's answer. */
  @FunctionalInterface
  interface Answer<T> {
    /**
     * @param value the match (null for none) or the items; null or empty when the lookup timed out
     * @param storeNanos the store's own work; {@code delayNanos} the injected round trip achieved
     */
    void done(T value, boolean timedOut, long storeNanos, long delayNanos);
  }

  /** A write's answer. */
  @FunctionalInterface
  interface Stored {
    /**
     * @param outcome {@link MemoryOutcome#STORED}, {@link MemoryOutcome#MERGED} or {@link MemoryOutcome#REFUSED}
     * @param idOrReason the item's id, or why the write was refused
     */
    void done(MemoryOutcome outcome, String idOrReason, long storeNanos, long delayNanos);
  }
}
