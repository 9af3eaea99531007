package dev.memloop.runtime.internal.memory;

import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.Ticker;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.MemoryPath;
import java.util.List;
import java.util.Map;

/**
 * The in-process arm: a method call on the agent's own memory; no message, no lock, no wait. Every answer comes
 * before the call returns. A full memory that does not evict refuses a write ({@link MemoryOutcome#REFUSED}) and
 * stays as it was.
 *
 * <p>Not thread-safe: owned by one agent, like its memory.
 */
public final class LocalMemoryAccess implements MemoryAccess {

  private final WorkingMemory memory;
  private final Ticker ticker;
  private final MemoryPath readPath;

  /** Reads and writes straight on {@code memory} (per-step). */
  public LocalMemoryAccess(WorkingMemory memory, Ticker ticker) {
    this(memory, ticker, MemoryPath.DIRECT);
  }

  /**
   * @param readPath how the call records name the reads: {@link MemoryPath#DIRECT}, or {@link MemoryPath#SNAPSHOT}
   *     for a per-turn agent, whose memory does not change within a turn (its writes wait for the turn's end)
   */
  public LocalMemoryAccess(WorkingMemory memory, Ticker ticker, MemoryPath readPath) {
    if (memory == null || ticker == null || readPath == null) {
      throw new IllegalArgumentException("a local access needs a memory, a ticker and its read path");
    }
    this.memory = memory;
    this.ticker = ticker;
    this.readPath = readPath;
  }

  @Override
  public long injectedDelayNanos() {
    return 0;
  }

  @Override
  public MemoryPath readPath() {
    return readPath;
  }

  @Override
  public MemoryPath writePath() {
    return MemoryPath.DIRECT;
  }

  @Override
  public void check(MemoryQuery query) {
    if (query.hybrid() && !memory.answersHybrid()) {
      throw new IllegalArgumentException("this agent's memory keeps no lexical index, so it cannot answer a hybrid "
          + "recall: " + query + "; set memloop.agent.memory.recall = hybrid");
    }
  }

  @Override
  public void search(MemoryQuery query, long timeoutNanos, Answer<List<Recall>> answer) {
    long start = ticker.nanoTime();
    List<Recall> items = memory.search(query);
    answer.done(items, false, ticker.nanoTime() - start, 0);
  }

  @Override
  public void add(String text, float[] vector, Map<String, Object> metadata, Stored stored) {
    long start = ticker.nanoTime();
    String id;
    try {
      id = memory.addVector(vector, text, metadata);
    } catch (IllegalStateException full) { // MemoryFullException, MemoryClosedException: nothing changed
      stored.done(MemoryOutcome.REFUSED, full.getMessage(), ticker.nanoTime() - start, 0);
      return;
    }
    stored.done(MemoryOutcome.STORED, id, ticker.nanoTime() - start, 0);
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
