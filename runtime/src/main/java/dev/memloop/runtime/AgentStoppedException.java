package dev.memloop.runtime;

/** A turn sent to an agent after it was stopped through its handle: the turn was not sent. */
public final class AgentStoppedException extends AgentException {

  private static final long serialVersionUID = 1L;

  AgentStoppedException(String agentId) {
    super(agentId, "agent " + agentId + " was stopped through its handle: start a new one to send it turns", null);
  }
}
