package dev.memloop.runtime.policy;

import dev.memloop.memory.Recall;
import dev.memloop.runtime.Observation;
import dev.memloop.runtime.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The per-turn pattern (paper arm (c)) over any store: at turn start the store's contents (all, or the top k by
 * the turn's text) are retrieved once and pinned into the context; within the turn nothing is looked up and
 * nothing is written; the turn's executed actions are stored at turn end. Subclasses say what the store is.
 *
 * <p>Its structural leak: a duplicate whose original arises within the same turn is in neither the dump nor,
 * once it scrolls out, the window.
 */
public abstract class PerTurnPolicy implements MemoryPolicy {

  private static final LatencyBudget NO_LOOKUPS = new LatencyBudget(Long.MAX_VALUE, 0);

  private final int dumpTopK;
  private List<String> buffered; // allocated when the turn's first action executes

  /** @param dumpTopK items to pin, 0 for all */
  protected PerTurnPolicy(int dumpTopK) {
    if (dumpTopK < 0) {
      throw new IllegalArgumentException("dumpTopK must be >= 0 (0 pins everything): " + dumpTopK);
    }
    this.dumpTopK = dumpTopK;
  }

  /** The store's k items most similar to {@code query}. */
  protected abstract List<Recall> recall(String query, int k);

  /** Stores the turn's executed actions, in order. */
  protected abstract void store(List<String> lines);

  @Override
  public final MemoryPolicyKind kind() {
    return MemoryPolicyKind.PER_TURN;
  }

  @Override
  public final List<String> startTurn(Turn turn) {
    int size = memorySize();
    if (size == 0) {
      return List.of();
    }
    int k = dumpTopK == 0 ? size : Math.min(dumpTopK, size);
    StringBuilder query = new StringBuilder();
    for (Observation o : turn.observations()) {
      query.append(o.text()).append('\n');
    }
    List<String> pinned = new ArrayList<>(k);
    for (Recall r : recall(query.toString(), k)) {
      pinned.add(r.text());
    }
    return pinned;
  }

  @Override
  public final void beforeAction(String actionLine, Consumer<GuardVerdict> verdict) {
    verdict.accept(GuardVerdict.NOT_APPLICABLE);
  }

  @Override
  public final void afterAction(String actionLine) {
    if (buffered == null) {
      buffered = new ArrayList<>();
    }
    buffered.add(actionLine);
  }

  @Override
  public final void endTurn() {
    if (buffered != null) {
      store(buffered);
      buffered = null;
    }
  }

  @Override
  public final LatencyBudget budget() {
    return NO_LOOKUPS;
  }
}
