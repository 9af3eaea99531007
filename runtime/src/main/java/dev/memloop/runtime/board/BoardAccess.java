package dev.memloop.runtime.board;

import dev.memloop.blackboard.BlackboardView;
import dev.memloop.memory.Recall;
import dev.memloop.runtime.policy.MemoryAccess;

/**
 * The guard's way to a shared blackboard: reads through the direct view (per-step) or the read port
 * (networked, given as {@code remoteReads}), writes posted through the blackboard actor, and the agent's own
 * unacknowledged posts counted as if already there.
 */
public final class BoardAccess implements MemoryAccess {

  private final BlackboardView view;
  private final MemoryAccess remoteReads;
  private final BoardPoster poster;

  /** @param remoteReads null to read the view directly */
  public BoardAccess(BlackboardView view, MemoryAccess remoteReads, BoardPoster poster) {
    this.view = view;
    this.remoteReads = remoteReads;
    this.poster = poster;
  }

  @Override
  public long injectedDelayNanos() {
    return remoteReads == null ? 0 : remoteReads.injectedDelayNanos();
  }

  @Override
  public void match(float[] vector, double threshold, long timeoutNanos, Callback callback) {
    if (remoteReads == null) {
      long start = System.nanoTime();
      Recall best = better(view.matchVector(vector, threshold).orElse(null), poster.pendingMatch(vector, threshold));
      callback.done(best, false, System.nanoTime() - start, 0);
      return;
    }
    // Own posts are taken as pending when the read is sent, not when its answer comes back: a post acknowledged
    // in between may have landed after the port read the board, and would then be in neither place.
    Recall pending = poster.pendingMatch(vector, threshold);
    remoteReads.match(vector, threshold, timeoutNanos, (best, timedOut, storeNanos, delayNanos) ->
        callback.done(timedOut ? null : better(best, pending), timedOut, storeNanos, delayNanos));
  }

  @Override
  public void add(String line, float[] vector) {
    poster.post(line, vector);
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
}
