package dev.memloop.runtime;

import java.time.Duration;

/**
 * A turn not answered within its timeout ({@link AgentHandle#start(org.apache.pekko.actor.typed.ActorSystem,
 * AgentSpec, Duration)}): the agent may still be working on it, and answers later turns in order after it.
 */
public final class TurnTimeoutException extends AgentException {

  private static final long serialVersionUID = 1L;

  private final int turn;

  public TurnTimeoutException(String agentId, int turn, Duration timeout, Throwable cause) {
    super(agentId, "agent " + agentId + ": turn " + turn + " was not answered within " + timeout.toMillis()
        + " ms (the handle's turn timeout)", cause);
    this.turn = turn;
  }

  public int turn() {
    return turn;
  }
}
