package dev.memloop.runtime.step;

/** What became of a step's action. */
public enum ActionStatus {
  /** No action ran: the reasoner skipped the step, or the guard blocked it. */
  NOT_RUN,
  /** The executor completed it. */
  DONE,
  /** The executor failed on every attempt; the last error is recorded. */
  FAILED,
  /** The executor did not answer within the action timeout; the agent went on without it. */
  TIMED_OUT
}
