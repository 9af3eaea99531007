package dev.memloop.runtime.internal.memory;

import dev.memloop.runtime.patterns.DedupOnWrite;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.runtime.internal.memory.MemoryAccess;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import java.util.List;
import java.util.Map;

/**
 * An access to the agent's own memory whose writes go through {@link DedupOnWrite}: reads are the wrapped access's,
 * and a line with a stored near-duplicate merges into it ({@link MemoryOutcome#MERGED}) instead of adding a copy.
 *
 * <p>Not thread-safe: owned by one agent.
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

  @Override
  public long injectedDelayNanos() {
    return reads.injectedDelayNanos();
  }

  @Override
  public MemoryPath readPath() {
    return reads.readPath();
  }

  @Override
  public MemoryPath writePath() {
    return reads.writePath();
  }

  @Override
  public void check(MemoryQuery query) {
    reads.check(query);
  }

  @Override
  public void search(MemoryQuery query, long timeoutNanos, Answer<List<Recall>> answer) {
    reads.search(query, timeoutNanos, answer);
  }

  @Override
  public int size() {
    return reads.size();
  }

  @Override
  public void add(String text, float[] vector, Map<String, Object> metadata, Stored stored) {
    long start = System.nanoTime();
    DedupOnWrite.Write write = dedup.writeVector(vector, text, metadata);
    long nanos = System.nanoTime() - start;
    switch (write.outcome()) {
      case ADDED -> stored.done(MemoryOutcome.STORED, write.id(), nanos, 0);
      case MERGED -> stored.done(MemoryOutcome.MERGED, write.id(), nanos, 0);
      default -> stored.done(MemoryOutcome.REFUSED, write.reason(), nanos, 0);
    }
  }

  @Override
  public void close() {
    reads.close();
  }
}
