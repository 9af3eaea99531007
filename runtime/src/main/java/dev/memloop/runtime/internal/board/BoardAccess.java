package dev.memloop.runtime.internal.board;

import dev.memloop.blackboard.BlackboardView;
import dev.memloop.blackboard.BoardSnapshot;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.runtime.internal.memory.MemoryAccess;
import dev.memloop.runtime.step.MemoryPath;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * An agent's way to a shared blackboard, one for every policy: writes are posted through the blackboard actor, and
 * reads go where the policy reads, {@link #direct} (per-step: the direct view, the agent's own unacknowledged posts
 * counted as if already there), {@link #throughPort} (networked: the board's read port, the same own posts counted)
 * or {@link #atTurnStart} (per-turn: the board as it was when the turn started; the policy holds the agent's own writes
 * until the turn ends).
 *
 * <p>Not thread-safe: owned by one agent (the view and the board themselves are shared and thread-safe).
 */
public final class BoardAccess implements MemoryAccess {

  private static final Comparator<Recall> MOST_SIMILAR_FIRST = Comparator.comparingDouble(Recall::similarity).reversed();

  private final BlackboardView view;
  private final MemoryAccess port; // networked: the read port; else null
  private final boolean snapshots; // per-turn: reads see the turn's snapshot
  private final BoardPoster poster;
  private BoardSnapshot snapshot;

  private BoardAccess(BlackboardView view, MemoryAccess port, boolean snapshots, BoardPoster poster) {
    if (view == null || poster == null) {
      throw new IllegalArgumentException("a board access needs the board's view and the agent's poster");
    }
    this.view = view;
    this.port = port;
    this.snapshots = snapshots;
    this.poster = poster;
  }

  /** Reads through the direct view (per-step). */
  public static BoardAccess direct(BlackboardView view, BoardPoster poster) {
    return new BoardAccess(view, null, false, poster);
  }

  /** Reads through the board's read port (networked). */
  public static BoardAccess throughPort(BlackboardView view, MemoryAccess port, BoardPoster poster) {
    if (port == null) {
      throw new IllegalArgumentException("a networked board access needs the board's read port");
    }
    return new BoardAccess(view, port, false, poster);
  }

  /** Reads see the board as it was when the turn started (per-turn). */
  public static BoardAccess atTurnStart(BlackboardView view, BoardPoster poster) {
    return new BoardAccess(view, null, true, poster);
  }

  /** A per-turn access takes the turn's snapshot. */
  @Override
  public void startTurn() {
    if (snapshots) {
      snapshot = view.snapshot();
    }
  }

  @Override
  public long injectedDelayNanos() {
    return port == null ? 0 : port.injectedDelayNanos();
  }

  @Override
  public MemoryPath readPath() {
    return snapshots ? MemoryPath.SNAPSHOT : port == null ? MemoryPath.BOARD_VIEW : MemoryPath.BOARD_PORT;
  }

  @Override
  public MemoryPath writePath() {
    return MemoryPath.BOARD_POST;
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
    if (snapshots) {
      answer.done(current().search(query), false, System.nanoTime() - start, 0);
      return;
    }
    // Own posts are taken as pending when the read is sent, not when its answer comes back: a post acknowledged in
    // between may have landed after the port read the board, and would then be in neither place. For a nearest match
    // (the guard's) only the best of them counts, found without a list.
    if (query.isNearestMatch()) {
      Recall own = poster.pendingMatch(query.vector(), query.minScore(), query.soleKind(), query.identity());
      if (port == null) {
        answer.done(best(view.search(query), own), false, System.nanoTime() - start, 0);
      } else {
        port.search(query, timeoutNanos, (items, timedOut, storeNanos, delayNanos) ->
            answer.done(timedOut ? List.of() : best(items, own), timedOut, storeNanos, delayNanos));
      }
      return;
    }
    List<Recall> own = pending(query);
    if (port == null) {
      answer.done(merged(view.search(query), own, query.k()), false, System.nanoTime() - start, 0);
    } else {
      port.search(query, timeoutNanos, (items, timedOut, storeNanos, delayNanos) ->
          answer.done(timedOut ? List.of() : merged(items, own, query.k()), timedOut, storeNanos, delayNanos));
    }
  }

  /** The turn's snapshot; a read outside any turn sees the board as it is. */
  private BoardSnapshot current() {
    if (snapshot == null) {
      snapshot = view.snapshot();
    }
    return snapshot;
  }

  /** This agent's unacknowledged posts the query admits. */
  private List<Recall> pending(MemoryQuery query) {
    List<Recall> pending = poster.pendingRecall(query.vector());
    return pending.isEmpty() ? pending : pending.stream().filter(query::admits).toList();
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
  public void close() {
    if (port != null) {
      port.close();
    }
  }

  /** A nearest match's answer: the board's best or the agent's own pending post, whichever is closer. */
  private static List<Recall> best(List<Recall> board, Recall own) {
    Recall top = board.isEmpty() ? null : board.get(0);
    Recall best = better(top, own);
    return best == null ? List.of() : best == top ? board : List.of(best);
  }

  private static Recall better(Recall a, Recall b) {
    if (a == null) {
      return b;
    }
    return b == null || a.similarity() >= b.similarity() ? a : b;
  }

  private static List<Recall> merged(List<Recall> board, List<Recall> pending, int k) {
    if (pending.isEmpty()) {
      return board;
    }
    List<Recall> all = new ArrayList<>(board.size() + pending.size());
    all.addAll(board);
    all.addAll(pending);
    all.sort(MOST_SIMILAR_FIRST); // stable: the board's order first on ties
    return all.size() <= k ? all : List.copyOf(all.subList(0, k));
  }
}
