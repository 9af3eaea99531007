package dev.memloop.runtime.memory;

import dev.memloop.memory.timing.NearestRank;

/**
 * A per-turn budget of lookup time (paper §5.1). Before a lookup, {@link #affords} compares the remaining
 * budget with a conservative estimate: the injected delay, plus {@code padOps} times the measured cost of a
 * lookup's own work, plus 1 ms. A lookup then {@link #spend spends} its measured cost. Writes are never
 * charged. With an unlimited budget every lookup is afforded.
 *
 * <p>Lookups that may overlap (a reasoner's reads in flight beside each other) {@link #reserve} their estimate
 * when they are sent and {@link #settle} their measured cost when they end: two reads sent together are both
 * afforded only if the budget covers both estimates. For one lookup at a time the two ways charge the same.
 *
 * <p>The measured op cost is the median of the last {@value #RECENT} lookups, not their mean: one lookup
 * caught by a collection pause once took 40 ms, and a mean would have padded every later estimate past a
 * 100 ms budget for good.
 *
 * <p>Not thread-safe: owned by one agent.
 */
public final class LatencyBudget {

  /** The estimate's fixed margin. */
  public static final long MARGIN_NANOS = 1_000_000;

  private final long budgetNanos;
  private final int padOps;
  /** Lookups whose own cost the pad's median covers. */
  static final int RECENT = 8;

  private long remaining;
  private long[] recent; // ring of the last RECENT op costs, allocated on the first lookup
  private int ops;

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
    return injectedDelayNanos + padOps * medianOp() + MARGIN_NANOS;
  }

  /** The median (upper, nearest rank) of the recent lookups' own cost; 0 before the first. */
  long medianOp() {
    int n = Math.min(ops, RECENT);
    if (n == 0) {
      return 0;
    }
    return NearestRank.median(java.util.Arrays.copyOf(recent, n));
  }

  public boolean affords(long injectedDelayNanos) {
    return unlimited() || estimate(injectedDelayNanos) <= remaining;
  }

  /** What {@link #reserve} answers when the budget cannot cover a lookup. */
  public static final long UNAFFORDABLE = -1;

  /**
   * Sets aside a lookup's estimate if the remaining budget covers it: the estimate, to be passed to
   * {@link #settle} when the lookup ends (0 when the budget is unlimited), or {@link #UNAFFORDABLE}.
   */
  public long reserve(long injectedDelayNanos) {
    if (unlimited()) {
      return 0;
    }
    long estimate = estimate(injectedDelayNanos);
    if (estimate > remaining) {
      return UNAFFORDABLE;
    }
    remaining -= estimate;
    return estimate;
  }

  /** Ends a reserved lookup: returns its reservation and {@link #spend spends} its measured cost. */
  public void settle(long reserved, long costNanos, long delayNanos) {
    if (reserved < 0) {
      throw new IllegalArgumentException("nothing was reserved for this lookup: " + reserved);
    }
    if (!unlimited()) { // a read still in flight when its turn ended settles into the next turn's budget
      remaining = Math.min(budgetNanos, remaining + reserved);
    }
    spend(costNanos, delayNanos);
  }

  /**
   * Charges a lookup: {@code costNanos} against the budget, and its own work ({@code costNanos} minus the
   * injected delay it suffered) into the pad's recent costs.
   */
  public void spend(long costNanos, long delayNanos) {
    long cost = Math.max(0, costNanos);
    if (!unlimited()) {
      remaining = Math.max(0, remaining - cost);
    }
    if (recent == null) {
      recent = new long[RECENT];
    }
    recent[ops % RECENT] = Math.max(0, cost - delayNanos);
    ops = ops == Integer.MAX_VALUE ? RECENT : ops + 1; // keeps the ring index and "full" both right
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
