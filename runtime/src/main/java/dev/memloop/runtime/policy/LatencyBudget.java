package dev.memloop.runtime.policy;


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
 * <p>The measured op cost is the median (upper, nearest rank) of the last {@value #RECENT} lookups' own work, not
 * their mean: one lookup caught by a collection pause once took 40 ms, and a mean would have padded every later
 * estimate past a 100 ms budget for good.
 *
 * <p><b>A prior.</b> A median of one or two samples is the slowest of them, so one stall among an agent's first
 * lookups would price every later one out. The window therefore starts with {@value #PRIOR} samples of zero: the
 * estimate before any lookup is the delay and the margin, which is what the paper's rule gives with nothing
 * measured, and it stays so until measured lookups are the majority of a full window. One stall among an agent's
 * first lookups is then never the median; {@value #PRIOR} stalls in a row are, as they should be. The first
 * lookups are charged their true cost either way. The price: while the zeros are the majority, a store that really
 * is slow is estimated at the margin, so a turn of an agent's first lookups may overrun its budget by one lookup
 * (the last one started with the margin left), as the paper's rule does for an agent's very first lookup.
 *
 * <p><b>Recovery.</b> Stalls that do become the median ({@value #PRIOR} in a row, or most of a window) would
 * still price every later lookup out for good: at a pad of 3, a 34 ms median makes the estimate 103 ms, the budget
 * refuses every lookup, refused lookups measure nothing, and the estimate never comes down (before this, a fleet of
 * 2,000 agents had one that guarded 2 lookups and refused 18). The paper's rule (§5.1) is an estimate that is
 * conservative about the store, charged true costs; an estimate made of stalls that no later lookup can confirm
 * or refute is neither a measurement nor conservative about anything but the past. So a lookup refused <em>by the
 * pad</em> (the delay and the margin alone would have fit) counts against the pad's evidence, and after
 * {@value #FORGET_AFTER} such refusals the slowest recent sample is forgotten: the estimate falls to what the
 * remaining samples say, until a lookup runs and measures the store again. A sample is forgotten only when the
 * budget left would pay for it again (for a stall longer than a whole budget, at a turn's start), so the lookup
 * this lets run keeps the turn within its budget even if the stall repeats: a store that really is that slow is
 * measured again, within budget, and refused again. An agent recovers after {@value #FORGET_AFTER} refusals per
 * stalled sample, plus the wait for a budget that covers it. Lookups refused because the turn's budget is spent
 * (the delay and margin alone do not fit) are the rule working, and count for nothing. Forgetting the slowest
 * sample, not the oldest, makes recovery quick after a stall and harmless without one.
 *
 * <p>No allocation per estimate (the samples' median is taken on a scratch copy kept beside them), and the
 * arithmetic saturates: a delay of {@code Long.MAX_VALUE} is unaffordable, never negative.
 *
 * <p>Not thread-safe: owned by one agent.
 */
public final class LatencyBudget {

  /** The estimate's fixed margin. */
  public static final long MARGIN_NANOS = 1_000_000;

  /** Lookups whose own cost the pad's median covers. */
  public static final int RECENT = 8;

  /** Samples of zero the window starts with (see the class comment): half of it. */
  public static final int PRIOR = RECENT / 2;

  /** Refusals by the pad after which its slowest sample is forgotten. */
  public static final int FORGET_AFTER = 4;

  private final long budgetNanos;
  private final int padOps;

  private long remaining;
  private long[] recent; // the last RECENT op costs, oldest first, in [0, samples); allocated by the first lookup
  private int samples;
  private int padRefusals; // lookups refused by the pad since it last learned or forgot something
  private long forgotten; // samples forgotten after refusals, for reports

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

  /**
   * The conservative cost estimate of a lookup whose injected delay is {@code injectedDelayNanos}, saturating at
   * {@code Long.MAX_VALUE}.
   */
  public long estimate(long injectedDelayNanos) {
    return saturatedAdd(floor(injectedDelayNanos), saturatedMultiply(padOps, medianOp()));
  }

  /** The delay plus the margin: what a lookup costs at the least, whatever the pad says. */
  private static long floor(long injectedDelayNanos) {
    return saturatedAdd(Math.max(0, injectedDelayNanos), MARGIN_NANOS);
  }

  /**
   * The median (upper, nearest rank) of the recent lookups' own cost; 0 before the first. Found by counting, not by
   * sorting a copy: at most {@value #RECENT} samples, and a scratch array per agent cost a million-agent fleet 80 MB.
   */
  public long medianOp() {
    if (samples == 0) {
      return 0;
    }
    int rank = Math.min(samples - 1, samples / 2); // the nearest-rank median's place in sorted order
    for (int i = 0; i < samples; i++) {
      long v = recent[i];
      int below = 0;
      int atOrBelow = 0;
      for (int j = 0; j < samples; j++) {
        below += recent[j] < v ? 1 : 0;
        atOrBelow += recent[j] <= v ? 1 : 0;
      }
      if (below <= rank && rank < atOrBelow) {
        return v;
      }
    }
    throw new IllegalStateException("no median among " + samples + " samples"); // unreachable: some v holds rank
  }

  /** Whether a lookup would be afforded now; asks only, so it counts no refusal. */
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
      BudgetDecisionEvent.emit(false, estimate, remaining);
      refusedByPad(injectedDelayNanos);
      return UNAFFORDABLE;
    }
    BudgetDecisionEvent.emit(true, estimate, remaining);
    remaining -= estimate;
    return estimate;
  }

  /** A refusal the pad alone caused counts against it; after {@value #FORGET_AFTER}, its slowest sample goes. */
  private void refusedByPad(long injectedDelayNanos) {
    if (samples == 0 || floor(injectedDelayNanos) > remaining) {
      return; // the turn's budget is spent: the rule working, no evidence against the pad
    }
    if (padRefusals < FORGET_AFTER) {
      padRefusals++;
    }
    if (padRefusals < FORGET_AFTER) {
      return;
    }
    int slowest = 0;
    for (int i = 1; i < samples; i++) {
      if (recent[i] >= recent[slowest]) {
        slowest = i;
      }
    }
    // the lookup this lets run must fit even if the stall repeats (one longer than a whole budget: at a turn's start)
    long floor = floor(injectedDelayNanos);
    if (saturatedAdd(floor, Math.min(recent[slowest], budgetNanos - floor)) > remaining) {
      return; // not with what is left of this turn: the next refusal after a refill forgets it
    }
    padRefusals = 0;
    System.arraycopy(recent, slowest + 1, recent, slowest, samples - slowest - 1);
    samples--;
    forgotten++;
  }

  /** Ends a reserved lookup: returns its reservation and {@link #spend spends} its measured cost. */
  public void settle(long reserved, long costNanos, long delayNanos) {
    if (reserved < 0) {
      throw new IllegalArgumentException("nothing was reserved for this lookup: " + reserved);
    }
    if (!unlimited()) { // a read still in flight when its turn ended settles into the next turn's budget
      remaining = Math.min(budgetNanos, saturatedAdd(remaining, reserved));
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
      recent = new long[RECENT]; // the prior: PRIOR zeros, the oldest samples, the first to scroll out
      samples = PRIOR;
    }
    if (samples == RECENT) { // the oldest scrolls out
      System.arraycopy(recent, 1, recent, 0, RECENT - 1);
      samples--;
    }
    recent[samples++] = Math.max(0, cost - Math.max(0, delayNanos));
    padRefusals = 0; // the pad learned something new
  }

  /** Samples forgotten after lookups the pad alone refused (how often an agent recovered from a stall). */
  public long forgottenSamples() {
    return forgotten;
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum; // both non-negative here: overflow goes up
  }

  private static long saturatedMultiply(int a, long b) {
    long high = Math.multiplyHigh(a, b);
    long product = a * b;
    return high != 0 || product < 0 ? Long.MAX_VALUE : product;
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
