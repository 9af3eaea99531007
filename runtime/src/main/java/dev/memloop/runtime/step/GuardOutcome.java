package dev.memloop.runtime.step;

/** What the in-loop guard did before one step's action. */
public enum GuardOutcome {
  /** No guard ran: the policy has no in-loop guard, or the reasoner skipped the step itself. */
  NOT_APPLICABLE,
  /** The remaining budget could not cover the lookup's estimate; the action ran unguarded. */
  UNAFFORDABLE,
  /** A lookup was sent but no reply came within the budget (store gone, node down); the action ran unguarded. */
  TIMED_OUT,
  /** The store held an equivalent action: the action was blocked. */
  HIT,
  /** The store held nothing equivalent: the action ran. */
  MISS;

  /** Whether the budget afforded a lookup (including one that then timed out). */
  public boolean afforded() {
    return this == HIT || this == MISS || this == TIMED_OUT;
  }
}
