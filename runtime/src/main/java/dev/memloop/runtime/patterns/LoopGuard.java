package dev.memloop.runtime.patterns;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.Ticker;
import dev.memloop.runtime.GuardOutcome;
import dev.memloop.runtime.policy.GuardVerdict;
import dev.memloop.runtime.policy.InLoopGuard;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.policy.LocalMemoryAccess;
import dev.memloop.runtime.policy.MemoryAccess;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Before an action, "have I already done this?"; after it, record it. The runtime's own guard
 * ({@link InLoopGuard}) on the same code path, budget included: over the agent's own memory (a direct call), or over
 * any {@link MemoryAccess}, such as a blackboard's ("has anyone here already done this?") or a networked store's.
 */
public final class LoopGuard {

  public record Counters(long checks, long hits, long misses, long unaffordable, long timedOut, long recorded) {}

  private final InLoopGuard guard;
  private long checks;
  private long hits;
  private long misses;
  private long unaffordable;
  private long timedOut;
  private long recorded;

  private LoopGuard(InLoopGuard guard) {
    this.guard = guard;
  }

  /** A guard over {@code memory}, with {@code budgetPerTurn} for lookups (null: unlimited). */
  public static LoopGuard over(WorkingMemory memory, Embedder embedder, double threshold, Duration budgetPerTurn) {
    if (memory == null) {
      throw new IllegalArgumentException("a loop guard needs a memory");
    }
    return over(new LocalMemoryAccess(memory, Ticker.system()), embedder, threshold, budgetPerTurn,
        Duration.ofSeconds(2), Ticker.system());
  }

  /**
   * A guard over any way to a store.
   *
   * @param maxWait the longest one lookup may wait for a reply (networked access), within the budget
   */
  public static LoopGuard over(MemoryAccess access, Embedder embedder, double threshold, Duration budgetPerTurn,
      Duration maxWait) {
    return over(access, embedder, threshold, budgetPerTurn, maxWait, Ticker.system());
  }

  /** As above, charging lookups by {@code ticker}'s clock (a manual one in tests). */
  public static LoopGuard over(MemoryAccess access, Embedder embedder, double threshold, Duration budgetPerTurn,
      Duration maxWait, Ticker ticker) {
    if (access == null || embedder == null) {
      throw new IllegalArgumentException("a loop guard needs a memory access and an embedder");
    }
    if (budgetPerTurn != null && (budgetPerTurn.isNegative() || budgetPerTurn.isZero())) {
      throw new IllegalArgumentException("budget must be > 0 or null (unlimited): " + budgetPerTurn);
    }
    if (maxWait == null || maxWait.isNegative() || maxWait.isZero()) {
      throw new IllegalArgumentException("max wait must be > 0: " + maxWait);
    }
    LatencyBudget budget = new LatencyBudget(budgetPerTurn == null ? Long.MAX_VALUE : budgetPerTurn.toNanos(), 3);
    return new LoopGuard(new InLoopGuard(embedder, access, budget, Thresholds.similarity("guard threshold", threshold),
        maxWait.toNanos(), ticker));
  }

  /** A new turn: a fresh budget. */
  public void startTurn() {
    guard.budget().startTurn();
  }

  /**
   * Checks {@code action} against what was done. For a memory in this process the verdict comes at once; a
   * networked access answers later, so use {@link #before(String, Consumer)} there.
   *
   * @throws IllegalStateException if the access did not answer at once
   */
  public GuardVerdict before(String action) {
    GuardVerdict[] verdict = new GuardVerdict[1];
    before(action, v -> verdict[0] = v);
    if (verdict[0] == null) {
      throw new IllegalStateException("this guard's access answers later; use before(action, callback)");
    }
    return verdict[0];
  }

  /** Checks {@code action}; {@code verdict} is called exactly once, possibly before this method returns. */
  public void before(String action, Consumer<GuardVerdict> verdict) {
    Thresholds.text("action", action);
    checks++;
    guard.check(action, v -> {
      count(v.outcome());
      verdict.accept(v);
    });
  }

  /**
   * Records an action that ran, so that a repeat of it is caught.
   *
   * @throws dev.memloop.memory.MemoryFullException if the memory is full and does not evict; nothing is recorded
   */
  public void after(String action) {
    Thresholds.text("action", action);
    guard.remember(action);
    recorded++;
  }

  private void count(GuardOutcome outcome) {
    switch (outcome) {
      case HIT -> hits++;
      case MISS -> misses++;
      case UNAFFORDABLE -> unaffordable++;
      case TIMED_OUT -> timedOut++;
      default -> { }
    }
  }

  public Counters counters() {
    return new Counters(checks, hits, misses, unaffordable, timedOut, recorded);
  }
}
