package dev.memloop.runtime.step;

/** One message in a context window: an observation the agent saw, or the agent's reply to it. */
public record WindowMessage(Role role, String text) {

  /** Who said it: the world (an observation) or the agent (its reply). */
  public enum Role { OBSERVATION, REPLY }
}
