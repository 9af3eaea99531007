package dev.memloop.runtime.internal.board;

import dev.memloop.memory.MemoryKind;
import dev.memloop.blackboard.BlackboardView;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.runtime.internal.memory.MemoryAccess;
import dev.memloop.runtime.step.MemoryPath;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * An agent's way to a shared blackboard: reads through the direct view (per-step) or the read port (networked,
 * given as {@code remoteReads}), writes posted through the blackboard actor, and the agent's own unacknowledged
 * posts counted by every read as if already there.
 *
 * <p>Not thread-safe: owned by one agent (the view and the board themselves are shared and thread-safe).
 */
public final class BoardAccess implements MemoryAccess {

  private static final Comparator<Recall> MOST_SIMILAR_FIRST = Comparator.comparingDouble(Recall::similarity).reversed();

  private final BlackboardView view;
  private final MemoryAccess remoteReads;
  private final BoardPoster poster;

  /** @param remoteReads null to read the view directly */
  public BoardAccess(BlackboardView view, MemoryAccess remoteReads, BoardPoster poster) {
    if (view == null || poster == null) {
      throw new IllegalArgumentException("a board access needs the board's view and the agent's poster");
    }
    this.view = view;
    this.remoteReads = remoteReads;
    this.poster = poster;
  }

  @Override
  public long injectedDelayNanos() {
    return remoteReads == null ? 0 : remoteReads.injectedDelayNanos();
  }

  @Override
  public MemoryPath readPath() {
    return remoteReads == null ? MemoryPath.BOARD_VIEW : MemoryPath.BOARD_PORT;
  }

  @Override
  public MemoryPath writePath() {
    return MemoryPath.BOARD_POST;
  }

  @Override
  public void match(float[] vector, double threshold, MemoryKind kind, String identity, long timeoutNanos,
      Answer<Recall> answer) {
    if (remoteReads == null) {
      long start = System.nanoTime();
      Recall best = better((identity == null ? view.matchVector(vector, threshold, kind)
          : view.matchVector(vector, threshold, kind, identity)).orElse(null),
          poster.pendingMatch(vector, threshold, kind, identity));
      answer.done(best, false, System.nanoTime() - start, 0);
      return;
    }
    // Own posts are taken as pending when the read is sent, not when its answer comes back: a post acknowledged
    // in between may have landed after the port read the board, and would then be in neither place.
    Recall pending = poster.pendingMatch(vector, threshold, kind, identity);
    remoteReads.match(vector, threshold, kind, identity, timeoutNanos, (best, timedOut, storeNanos, delayNanos) ->
        answer.done(timedOut ? null : better(best, pending), timedOut, storeNanos, delayNanos));
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
    if (remoteReads == null) {
      long start = System.nanoTime();
      List<Recall> items = merged(view.search(query), pending(query), query.k());
      answer.done(items, false, System.nanoTime() - start, 0);
      return;
    }
    List<Recall> pending = pending(query); // taken when sent, as for a match
    remoteReads.search(query, timeoutNanos, (items, timedOut, storeNanos, delayNanos) ->
        answer.done(timedOut ? List.of() : merged(items, pending, query.k()), timedOut, storeNanos, delayNanos));
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
    if (remoteReads != null) {
      remoteReads.close();
    }
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
