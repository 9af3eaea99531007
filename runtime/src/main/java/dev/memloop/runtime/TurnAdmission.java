package dev.memloop.runtime;

import java.util.ArrayDeque;

/**
 * Which turns an agent admits, and in what order: each must carry the next index (any for the agent's first, then
 * each the one before plus one), or be a retry of a taken one ({@link TurnRetries}); one that arrives while another
 * runs waits in a bounded queue. A turn refused here is answered by the {@link TurnLedger} at once. Confined to the
 * agent's actor.
 */
final class TurnAdmission {

  /** Turns beyond this many waiting are answered as aborted at once rather than queued without bound. */
  static final int MAX_WAITING_TURNS = 1_000;

  private final String agentId;
  private int nextIndex = -1; // the index the next turn must carry; -1 before this incarnation's first turn
  private ArrayDeque<Agent.RunTurn> waiting; // allocated when a turn first has to wait

  TurnAdmission(String agentId) {
    this.agentId = agentId;
  }

  /**
   * Whether {@code run} is to run: it carries the next turn index, or it is a retry of the last turn, aborted, to be
   * resumed at the step that failed. A retry of a turn that is running, waiting or was answered is answered by
   * {@link TurnRetries} and does not run. Anything else is refused through {@code ledger}, naming both indices, and
   * nothing else happens: a repeated index with other observations was another turn sent under a taken number, a
   * skipped one a turn lost on the way.
   */
  boolean admits(Agent.RunTurn run, TurnLedger ledger, int restarts) {
    int index = run.turn().index();
    if (nextIndex < 0 || index == nextIndex) {
      nextIndex = index + 1;
      return true;
    }
    if (index < nextIndex) {
      TurnRetries.Retry retry = ledger.classify(run, waiting);
      if (retry != TurnRetries.Retry.NONE) {
        return retry == TurnRetries.Retry.RESUME;
      }
    }
    String problem = index < nextIndex ? "repeats an earlier turn" : "skips turn " + nextIndex;
    ledger.refuse(run, "turn index " + index + " " + problem + ": agent " + agentId + " expects turn " + nextIndex
        + " (number each agent's turns one after another, or send them through AgentHandle, which numbers them;"
        + " a retry sends the same turn, index and observations, again)", restarts);
    return false;
  }

  /** Queues a turn that arrived while another ran; beyond the limit it is refused through {@code ledger}. */
  void enqueue(Agent.RunTurn run, TurnLedger ledger, int restarts) {
    if (waiting == null) {
      waiting = new ArrayDeque<>();
    }
    if (waiting.size() >= MAX_WAITING_TURNS) {
      nextIndex = run.turn().index(); // refused, not taken: the same turn sent again later is admitted
      ledger.refuse(run, MAX_WAITING_TURNS + " turns already waiting", restarts);
      return;
    }
    waiting.add(run);
  }

  boolean hasWaiting() {
    return waiting != null && !waiting.isEmpty();
  }

  Agent.RunTurn nextWaiting() {
    return waiting.poll();
  }
}
