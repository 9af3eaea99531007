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

  private final WorkingMemory memory;

  /** @param dumpTopK items to pin, 0 for all */
  public PerTurnMemory(WorkingMemory memory, int dumpTopK) {
    super(dumpTopK);
    this.memory = memory;
  }

  @Override
  protected List<Recall> recall(String query, int k) {
    return memory.recall(query, k);
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
