package dev.memloop.runtime.board;

import dev.memloop.blackboard.BlackboardView;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.Recall;
import dev.memloop.runtime.policy.PerTurnPolicy;
import java.util.List;

/**
 * The per-turn policy on a shared blackboard (the paper's arm (c) pattern, fleet-wide; see
 * {@link PerTurnPolicy}): a snapshot of the board pinned at turn start, no lookup within the turn, the turn's
 * executed actions posted at its end.
 */
public final class PerTurnBoard extends PerTurnPolicy {

  private final BlackboardView view;
  private final BoardPoster poster;
  private final Embedder embedder;

  public PerTurnBoard(BlackboardView view, BoardPoster poster, Embedder embedder, int dumpTopK) {
    super(dumpTopK);
    this.view = view;
    this.poster = poster;
    this.embedder = embedder;
  }

  @Override
  protected List<Recall> recall(String query, int k) {
    return view.recall(query, k);
  }

  @Override
  protected void store(List<String> lines) {
    for (String line : lines) {
      poster.post(line, embedder.embed(line)); // writes go through the blackboard actor, pre-embedded
    }
  }

  @Override
  public int memorySize() {
    return view.size();
  }

  @Override
  public void close() {}
}
