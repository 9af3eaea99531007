package dev.memloop.runtime.board;

import dev.memloop.blackboard.BlackboardView;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.Recall;
import dev.memloop.runtime.Observation;
import dev.memloop.runtime.Turn;
import dev.memloop.runtime.policy.GuardVerdict;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.policy.MemoryPolicy;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The per-turn policy on a shared blackboard (the paper's arm (c) pattern, fleet-wide): a snapshot of the
 * board pinned at turn start (all of it, or the top k by the turn's text), no lookup within the turn, the
 * turn's executed actions posted at its end.
 */
public final class PerTurnBoard implements MemoryPolicy {

  private static final LatencyBudget NO_LOOKUPS = new LatencyBudget(Long.MAX_VALUE, 0);

  private final BlackboardView view;
  private final BoardPoster poster;
  private final Embedder embedder;
  private final int dumpTopK;
  private List<String> buffered;

  public PerTurnBoard(BlackboardView view, BoardPoster poster, Embedder embedder, int dumpTopK) {
    if (dumpTopK < 0) {
      throw new IllegalArgumentException("dumpTopK must be >= 0 (0 pins everything): " + dumpTopK);
    }
    this.view = view;
    this.poster = poster;
    this.embedder = embedder;
    this.dumpTopK = dumpTopK;
  }

  @Override
  public MemoryPolicyKind kind() {
    return MemoryPolicyKind.PER_TURN;
  }

  @Override
  public List<String> startTurn(Turn turn) {
    int size = view.size();
    if (size == 0) {
      return List.of();
    }
    StringBuilder query = new StringBuilder();
    for (Observation o : turn.observations()) {
      query.append(o.text()).append('\n');
    }
    List<String> pinned = new ArrayList<>();
    for (Recall r : view.recall(query.toString(), dumpTopK == 0 ? size : Math.min(dumpTopK, size))) {
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
      for (String line : buffered) {
        float[] vector = embedder.embed(line);
        poster.post(line, vector);
      }
      buffered = null;
    }
  }

  @Override
  public LatencyBudget budget() {
    return NO_LOOKUPS;
  }

  @Override
  public int memorySize() {
    return view.size();
  }

  @Override
  public void close() {}
}
