package dev.memloop.runtime.patterns;

import dev.memloop.runtime.policy.MemoryAccess;
import java.util.Map;

/**
 * A guard's access to the agent's own memory whose writes go through {@link DedupOnWrite}: lookups are the
 * wrapped access's, and a line with a stored near-duplicate merges into it instead of adding a copy.
 */
public final class DedupingAccess implements MemoryAccess {

  private final MemoryAccess reads;
  private final DedupOnWrite dedup;

  /** @param reads the agent's own memory's access (in process: writes are synchronous method calls) */
  public DedupingAccess(MemoryAccess reads, DedupOnWrite dedup) {
    if (reads == null || dedup == null) {
      throw new IllegalArgumentException("a deduping access needs the memory's access and its dedup");
    }
    this.reads = reads;
    this.dedup = dedup;
  }

  public DedupOnWrite dedup() {
    return dedup;
  }

  @Override
  public long injectedDelayNanos() {
    return reads.injectedDelayNanos();
  }

  @Override
  public void match(float[] vector, double threshold, long timeoutNanos, Callback callback) {
    reads.match(vector, threshold, timeoutNanos, callback);
  }

  @Override
  public int size() {
    return reads.size();
  }

  @Override
  public void add(String line, float[] vector) {
    dedup.writeVector(vector, line, Map.of());
  }

  @Override
  public void close() {
    reads.close();
  }
}
