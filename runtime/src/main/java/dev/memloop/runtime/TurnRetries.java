package dev.memloop.runtime;

import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * What makes a turn sent again safe: a sender whose answer did not come (its ask timed out, the reply was lost on
 * the way) or came back aborted sends the same turn again, equal index and observations, and the agent never applies
 * a step twice. A retry of a turn still running or waiting gets that turn's answer when it ends; a retry of the last
 * turn that ended is answered from its record if it was answered, and resumes it at the step that failed if it was
 * aborted (the steps before it are kept in the result, not run again). A turn with an earlier index and other
 * observations is no retry and is refused as before.
 *
 * <p>Keeps the last ended turn and its result (one turn's step records per agent: the price of answering a retry
 * from the record) and, only while retries wait for a turn in progress, their senders. Confined to the agent's
 * actor, like the {@link AgentState} it belongs to.
 */
final class TurnRetries {

  /** What a turn carrying an index already taken is. */
  enum Retry {
    /** Answered now from the record, or later with the turn it repeats: nothing to run. */
    ANSWERED,
    /** The last turn, aborted: run it again from the step that failed. */
    RESUME,
    /** Not a retry: another turn under a taken index. */
    NONE
  }

  private Turn lastTurn;
  private TurnResult lastResult;
  private Map<Integer, List<ActorRef<TurnResult>>> waitingRetries; // allocated by the first retry of a running turn

  /**
   * Classifies {@code run}, whose index was already taken, against the turn in flight, the turns waiting and the last
   * turn that ended; a retry to be answered later is kept.
   */
  Retry classify(Agent.RunTurn run, Agent.RunTurn inFlight, Collection<Agent.RunTurn> waiting) {
    Turn turn = run.turn();
    if (isSameTurn(inFlight, turn) || (waiting != null && waiting.stream().anyMatch(w -> isSameTurn(w, turn)))) {
      if (waitingRetries == null) {
        waitingRetries = new HashMap<>();
      }
      waitingRetries.computeIfAbsent(turn.index(), i -> new ArrayList<>(1)).add(run.replyTo());
      return Retry.ANSWERED;
    }
    if (turn.equals(lastTurn)) {
      if (!lastResult.aborted()) {
        run.replyTo().tell(lastResult);
        return Retry.ANSWERED;
      }
      // resumed only while nothing later was admitted: the turn is still the agent's latest
      return inFlight == null && (waiting == null || waiting.isEmpty()) ? Retry.RESUME : Retry.NONE;
    }
    return Retry.NONE;
  }

  /** The result the turn starting now resumes (its steps completed before it aborted), or null for a fresh turn. */
  TurnResult resumes(Turn turn) {
    return lastResult != null && lastResult.aborted() && turn.equals(lastTurn) ? lastResult : null;
  }

  /**
   * {@code turn} ended with {@code result}: kept as the record. Returns the senders of retries that waited for it,
   * to be told the result with its first sender (empty almost always).
   */
  List<ActorRef<TurnResult>> ended(Turn turn, TurnResult result) {
    lastTurn = turn;
    lastResult = result;
    if (waitingRetries == null) {
      return List.of();
    }
    List<ActorRef<TurnResult>> retries = waitingRetries.remove(turn.index());
    if (waitingRetries.isEmpty()) {
      waitingRetries = null;
    }
    return retries == null ? List.of() : retries;
  }

  private static boolean isSameTurn(Agent.RunTurn run, Turn turn) {
    return run != null && run.turn().equals(turn);
  }
}
