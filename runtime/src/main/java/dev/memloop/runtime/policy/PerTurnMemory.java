package dev.memloop.runtime.policy;

import dev.memloop.memory.Recall;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.Observation;
import dev.memloop.runtime.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The per-turn policy, the industry default (paper arm (c)): at turn start the store's contents are
 * retrieved once and pinned into the context; within the turn nothing is looked up and nothing is written;
 * the turn's executed actions are stored at turn end. With {@code dumpTopK > 0} only the items most similar
 * to the turn's text are pinned, for stores too large to pin whole.
 *
 * <p>Its structural leak: a duplicate whose original arises within the same turn is in neither the dump nor,
 * once it scrolls out, the window.
 */
public final class PerTurnMemory implements MemoryPolicy {

  private static final LatencyBudget NO_LOOKUPS = new LatencyBudget(Long.MAX_VALUE, 0);

  private final WorkingMemory memory;
  private final int dumpTopK;
  private List<String> buffered;

  /** @param dumpTopK items to pin, 0 for all */
  public PerTurnMemory(WorkingMemory memory, int dumpTopK) {
    if (dumpTopK < 0) {
      throw new IllegalArgumentException("dumpTopK must be >= 0 (0 pins everything): " + dumpTopK);
    }
    this.memory = memory;
    this.dumpTopK = dumpTopK;
  }

  @Override
  public MemoryPolicyKind kind() {
    return MemoryPolicyKind.PER_TURN;
  }

  @Override
  public List<String> startTurn(Turn turn) {
    int size = memory.size();
    if (size == 0) {
      return List.of();
    }
    int k = dumpTopK == 0 ? size : Math.min(dumpTopK, size);
    StringBuilder query = new StringBuilder();
    for (Observation o : turn.observations()) {
      query.append(o.text()).append('\n');
    }
    List<String> pinned = new ArrayList<>(k);
    for (Recall r : memory.recall(query.toString(), k)) {
      pinned.add(r.text());
    }
    return pinned;
  }

  @Override
  public void beforeAction(String actionLine, Consumer<GuardVerdict> verdict) {
    verdict.accept(GuardVerdict.NOT_APPLICABLE);
  }

  @Override
  public void afterAction(String actionLine) {
    if (buffered == null) {
      buffered = new ArrayList<>();
    }
    buffered.add(actionLine);
  }

  @Override
  public void endTurn() {
    if (buffered != null) {
      memory.addAll(buffered);
      buffered = null;
    }
  }

  @Override
  public LatencyBudget budget() {
    return NO_LOOKUPS;
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
