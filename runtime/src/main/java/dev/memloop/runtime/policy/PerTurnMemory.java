package dev.memloop.runtime.policy;

import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import java.util.List;

/**
 * The per-turn policy on the agent's own memory, the industry default (paper arm (c)); see
 * {@link PerTurnPolicy}. With {@code dumpTopK > 0} only the items most similar to the turn's text are pinned,
 * for stores too large to pin whole.
 */
public final class PerTurnMemory extends PerTurnPolicy {

  /** How the turn-start dump reads the memory: the query and the k the dump asks for. */
  @FunctionalInterface
  public interface Read {
    List<Recall> recall(String query, int k);
  }

  private final WorkingMemory memory;
  private final Read read;

  /** @param dumpTopK items to pin, 0 for all */
  public PerTurnMemory(WorkingMemory memory, int dumpTopK) {
    this(memory, dumpTopK, memory::recall);
  }

  /** As above, the dump read by {@code read} (an adaptive read that drops near-duplicates, for one). */
  public PerTurnMemory(WorkingMemory memory, int dumpTopK, Read read) {
    super(dumpTopK);
    this.memory = memory;
    this.read = read;
  }

  @Override
  protected List<Recall> recall(String query, int k) {
    return read.recall(query, k);
  }

  @Override
  protected void store(List<String> lines) {
    memory.addAll(lines);
  }

  @Override
  public int memorySize() {
    return memory.size();
  }

  @Override
  public void close() {
    memory.close();
  }
}
