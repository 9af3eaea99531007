package dev.memloop.runtime.policy;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.Ticker;
import dev.memloop.runtime.GuardOutcome;
import java.util.function.Consumer;

/**
 * The loop guard, one code path for the per-step and networked arms: before an action, if the budget affords
 * it, embed the action line in process and ask the store whether an equivalent line is already there; after an
 * executed action, store its line. Only the {@link MemoryAccess} differs between arms, so only latency does.
 *
 * <p>Not thread-safe: owned by one agent.
 */
public final class InLoopGuard {

  private final Embedder embedder;
  private final MemoryAccess access;
  private final LatencyBudget budget;
  private final double threshold;
  private final long maxTimeoutNanos;
  private final Ticker ticker;
  private String lastLine;
  private float[] lastVector;

  public InLoopGuard(Embedder embedder, MemoryAccess access, LatencyBudget budget, double threshold,
      long maxTimeoutNanos, Ticker ticker) {
    if (!(threshold >= -1 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in [-1, 1]: " + threshold);
    }
    this.embedder = embedder;
    this.access = access;
    this.budget = budget;
    this.threshold = threshold;
    this.maxTimeoutNanos = maxTimeoutNanos;
    this.ticker = ticker;
  }

  /** Checks {@code line}; {@code verdict} is called exactly once, possibly before this method returns. */
  public void check(String line, Consumer<GuardVerdict> verdict) {
    if (!budget.affords(access.injectedDelayNanos())) {
      verdict.accept(GuardVerdict.UNAFFORDABLE);
      return;
    }
    long start = ticker.nanoTime();
    float[] vector = embedder.embed(line);
    long embedNanos = ticker.nanoTime() - start;
    lastLine = line;
    lastVector = vector;
    if (isZero(vector)) { // no known token: nothing can be equivalent to a vector without a direction
      long cost = ticker.nanoTime() - start;
      budget.spend(cost, 0);
      verdict.accept(new GuardVerdict(GuardOutcome.MISS, null, Double.NaN, embedNanos, 0, 0, cost));
      return;
    }
    long timeout = Math.min(maxTimeoutNanos, budget.unlimited() ? maxTimeoutNanos : budget.remainingNanos());
    access.match(vector, threshold, timeout, (best, timedOut, storeNanos, delayNanos) -> {
      long cost = ticker.nanoTime() - start;
      budget.spend(cost, delayNanos);
      GuardOutcome outcome = timedOut ? GuardOutcome.TIMED_OUT : best == null ? GuardOutcome.MISS : GuardOutcome.HIT;
      verdict.accept(new GuardVerdict(outcome, best == null ? null : best.text(),
          best == null ? Double.NaN : best.similarity(), embedNanos, storeNanos, delayNanos, cost));
    });
  }

  /** Stores an executed action's line (reusing the lookup's embedding); never charged. */
  public void remember(String line) {
    float[] vector = line.equals(lastLine) ? lastVector : embedder.embed(line);
    lastLine = null;
    lastVector = null;
    if (!isZero(vector)) {
      access.add(line, vector);
    }
  }

  public LatencyBudget budget() {
    return budget;
  }

  private static boolean isZero(float[] vector) {
    for (float v : vector) {
      if (v != 0) {
        return false;
      }
    }
    return true;
  }
}
