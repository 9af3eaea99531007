package dev.memloop.runtime;

import java.time.Duration;

/**
 * A reasoner that did not decide a step within {@code memloop.agent.decide-timeout}: the step fails with this, the
 * turn is answered as aborted, and the agent answers the next turn (a decision that arrives later is dropped). An
 * LLM reasoner's whole tool loop counts, so the limit is well above one model call's deadline.
 */
public final class DecideTimeoutException extends AgentException {

  private static final long serialVersionUID = 1L;

  DecideTimeoutException(String agentId, int turn, int step, Duration timeout) {
    super(agentId, "agent " + agentId + ": the reasoner did not decide step " + step + " of turn " + turn + " within "
        + timeout.toMillis() + " ms (memloop.agent.decide-timeout)", null);
  }
}
