package dev.memloop.runtime.policy;

/**
 * A per-turn budget of lookup time (paper §5.1). Before a lookup, {@link #affords} compares the remaining
 * budget with a conservative estimate: the injected delay, plus {@code padOps} times the mean measured cost of
 * a lookup's own work, plus 1 ms. A lookup then {@link #spend spends} its measured cost. Writes are never
 * charged. With an unlimited budget every lookup is afforded.
 *
 * <p>Not thread-safe: owned by one agent.
 */
public final class LatencyBudget {

  /** The estimate's fixed margin. */
  public static final long MARGIN_NANOS = 1_000_000;

  private final long budgetNanos;
  private final int padOps;
  private long remaining;
  private long ops;
  private long opNanos;

  /**
   * @param budgetNanos per turn; {@code Long.MAX_VALUE} for unlimited
   * @throws IllegalArgumentException if the budget is not positive or {@code padOps} is negative
   */
  public LatencyBudget(long budgetNanos, int padOps) {
    if (budgetNanos <= 0) {
      throw new IllegalArgumentException("budget must be > 0 ns: " + budgetNanos);
    }
    if (padOps < 0) {
      throw new IllegalArgumentException("padOps must be >= 0: " + padOps);
    }
    this.budgetNanos = budgetNanos;
    this.padOps = padOps;
    this.remaining = budgetNanos;
  }

  public boolean unlimited() {
    return budgetNanos == Long.MAX_VALUE;
  }

  /** Refills the budget at the start of a turn; the measured op cost carries over. */
  public void startTurn() {
    remaining = budgetNanos;
  }

  /** The conservative cost estimate of a lookup whose injected delay is {@code injectedDelayNanos}. */
  public long estimate(long injectedDelayNanos) {
    long meanOp = ops == 0 ? 0 : opNanos / ops;
    return injectedDelayNanos + padOps * meanOp + MARGIN_NANOS;
  }

  public boolean affords(long injectedDelayNanos) {
    return unlimited() || estimate(injectedDelayNanos) <= remaining;
  }

  /**
   * Charges a lookup: {@code costNanos} against the budget, and its own work ({@code costNanos} minus the
   * injected delay it suffered) into the pad's mean.
   */
  public void spend(long costNanos, long delayNanos) {
    long cost = Math.max(0, costNanos);
    if (!unlimited()) {
      remaining = Math.max(0, remaining - cost);
    }
    ops++;
    opNanos += Math.max(0, cost - delayNanos);
  }

  public long budgetNanos() {
    return budgetNanos;
  }

  public long remainingNanos() {
    return remaining;
  }

  /** Budget spent this turn (0 when unlimited: nothing is rationed). */
  public long spentNanos() {
    return unlimited() ? 0 : budgetNanos - remaining;
  }
}
