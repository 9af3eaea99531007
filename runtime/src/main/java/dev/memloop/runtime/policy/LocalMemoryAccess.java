package dev.memloop.runtime.policy;

import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.Ticker;
import java.util.Map;
import java.util.Optional;

/** The per-step arm: a method call on the agent's own memory; no message, no lock, no wait. */
public final class LocalMemoryAccess implements MemoryAccess {

  private final WorkingMemory memory;
  private final Ticker ticker;

  public LocalMemoryAccess(WorkingMemory memory, Ticker ticker) {
    this.memory = memory;
    this.ticker = ticker;
  }

  @Override
  public long injectedDelayNanos() {
    return 0;
  }

  @Override
  public void match(float[] vector, double threshold, long timeoutNanos, Callback callback) {
    long start = ticker.nanoTime();
    Optional<Recall> best = memory.matchVector(vector, threshold);
    callback.done(best.orElse(null), false, ticker.nanoTime() - start, 0);
  }

  @Override
  public void add(String line, float[] vector) {
    memory.addVector(vector, line, Map.of());
  }

  @Override
  public int size() {
    return memory.size();
  }

  public WorkingMemory memory() {
    return memory;
  }

  @Override
  public void close() {
    memory.close();
  }
}
