package dev.memloop.runtime;

import dev.memloop.runtime.step.TurnResult;

/**
 * A turn that did not complete: a step failed (the reasoner or the executor threw, a model call failed for good),
 * the agent restarted, and the turn was answered as aborted. The message names the agent, the turn and the failure;
 * {@link #result()} holds the steps recorded before it.
 */
public final class TurnFailedException extends AgentException {

  private static final long serialVersionUID = 1L;

  private final transient TurnResult result;

  public TurnFailedException(TurnResult result) {
    super(result.agentId(), "agent " + result.agentId() + ": turn " + result.turn() + " failed: " + result.failure(),
        null);
    this.result = result;
  }

  /** The turn's index. */
  public int turn() {
    return result.turn();
  }

  /** The aborted turn as the agent answered it. */
  public TurnResult result() {
    return result;
  }
}
