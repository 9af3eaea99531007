package dev.memloop.runtime.policy;

import dev.memloop.memory.Recall;

/**
 * How the guard reaches its store: a direct call on a memory the agent owns ({@link LocalMemoryAccess}), or
 * messages to a {@code MemoryStore} actor ({@link RemoteMemoryAccess}). The guard's code is the same for both;
 * only the latency differs, which is the experiments' causal design.
 *
 * <p>Not thread-safe: used only by the owning agent's actor.
 */
public interface MemoryAccess extends AutoCloseable {

  /** The round-trip delay injected into every request (0 in process): the budget estimate's first term. */
  long injectedDelayNanos();

  /**
   * Looks {@code vector} up and calls {@code callback} exactly once: at once in process, later (on the agent's
   * thread, from a message) over the network, or with {@code timedOut} when no reply came within
   * {@code timeoutNanos}.
   */
  void match(float[] vector, double threshold, long timeoutNanos, Callback callback);

  /** Items the store holds, if it can tell without a round trip; -1 otherwise. */
  default int size() {
    return -1;
  }

  /** Stores an executed action's line; never charged to the budget, and not waited for. */
  void add(String line, float[] vector);

  @Override
  void close();

  /** A lookup's answer. */
  interface Callback {
    /**
     * @param best the match, null when nothing reached the threshold or the lookup timed out
     * @param storeNanos the store's own work; {@code delayNanos} the injected delay achieved
     */
    void done(Recall best, boolean timedOut, long storeNanos, long delayNanos);
  }
}
