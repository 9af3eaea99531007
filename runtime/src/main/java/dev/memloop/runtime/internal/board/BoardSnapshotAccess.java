package dev.memloop.runtime.internal.board;

import dev.memloop.memory.MemoryKind;
import dev.memloop.blackboard.BlackboardView;
import dev.memloop.blackboard.BoardSnapshot;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.runtime.internal.memory.MemoryAccess;
import dev.memloop.runtime.step.MemoryPath;
import java.util.List;
import java.util.Map;

/**
 * A per-turn agent's way to a shared blackboard: reads see the board as it was when the turn started (other agents'
 * later posts wait for the next turn, as the agent's own held writes do), writes are posted through the blackboard
 * actor (the policy holds them until the turn ends).
 *
 * <p>Not thread-safe: owned by one agent.
 */
public final class BoardSnapshotAccess implements MemoryAccess {

  private final BlackboardView view;
  private final BoardPoster poster;
  private BoardSnapshot snapshot;

  public BoardSnapshotAccess(BlackboardView view, BoardPoster poster) {
    if (view == null || poster == null) {
      throw new IllegalArgumentException("a board snapshot access needs the board's view and the agent's poster");
    }
    this.view = view;
    this.poster = poster;
  }

  /** Takes the turn's snapshot. */
  @Override
  public void startTurn() {
    snapshot = view.snapshot();
  }

  @Override
  public long injectedDelayNanos() {
    return 0;
  }

  @Override
  public MemoryPath readPath() {
    return MemoryPath.SNAPSHOT;
  }

  @Override
  public MemoryPath writePath() {
    return MemoryPath.BOARD_POST;
  }

  @Override
  public void match(float[] vector, double threshold, MemoryKind kind, String identity, long timeoutNanos,
      Answer<Recall> answer) {
    long start = System.nanoTime();
    Recall best = (identity == null ? current().matchVector(vector, threshold, kind)
        : current().matchVector(vector, threshold, kind, identity)).orElse(null);
    answer.done(best, false, System.nanoTime() - start, 0);
  }

  @Override
  public void check(MemoryQuery query) {
    if (query.hybrid()) {
      throw new IllegalArgumentException("a blackboard keeps no lexical index, so it cannot answer a hybrid recall: "
          + query);
    }
  }

  @Override
  public void search(MemoryQuery query, long timeoutNanos, Answer<List<Recall>> answer) {
    long start = System.nanoTime();
    List<Recall> items = current().search(query);
    answer.done(items, false, System.nanoTime() - start, 0);
  }

  private BoardSnapshot current() {
    if (snapshot == null) { // a read outside any turn: the board as it is
      snapshot = view.snapshot();
    }
    return snapshot;
  }

  @Override
  public void add(String text, float[] vector, Map<String, Object> metadata, Stored stored) {
    poster.post(text, vector, metadata, stored);
  }

  @Override
  public int size() {
    return view.size();
  }

  @Override
  public void close() {}
}
