package dev.memloop.runtime;

/**
 * What went wrong with an agent, as one family a caller can catch: a turn that failed
 * ({@link TurnFailedException}), a turn not answered in time ({@link TurnTimeoutException}), a reasoner that took
 * longer than a step allows ({@link DecideTimeoutException}), a send to an agent that was stopped
 * ({@link AgentStoppedException}). Each names the agent, and the turn where there is one. Bad input is not here: it
 * is an {@link IllegalArgumentException} naming the value, thrown before anything changes.
 */
public abstract class AgentException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String agentId;

  AgentException(String agentId, String message, Throwable cause) {
    super(message, cause, false, false); // the message says what happened; no stack of the agent's internals
    this.agentId = agentId;
  }

  /** The agent it happened to. */
  public String agentId() {
    return agentId;
  }
}
