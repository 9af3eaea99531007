package dev.memloop.runtime.patterns;

import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.Ticker;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.internal.memory.ChargedReads;
import dev.memloop.runtime.internal.memory.LatencyBudget;
import dev.memloop.runtime.internal.memory.LocalMemoryAccess;
import dev.memloop.runtime.internal.memory.MemoryAccess;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryOutcome;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Before an action, "have I already done this?"; after it, record it. The runtime's own guard path
 * ({@link ChargedReads}: the budget, the in-process embedding, the lookup charged at its real cost) for code
 * outside an agent's step loop: over the agent's own memory (a direct call), or over any {@link MemoryAccess}, such
 * as a blackboard's ("has anyone here already done this?") or a networked store's.
 *
 * <p>Not thread-safe: one per agent.
 */
public final class LoopGuard {

  /** What the guard did so far: checks and their outcomes, and the actions it recorded. */
  public record Counters(long checks, long hits, long misses, long unaffordable, long timedOut, long recorded) {}

  private final ChargedReads reads;
  private final double threshold;
  private long checks;
  private long hits;
  private long misses;
  private long unaffordable;
  private long timedOut;
  private long recorded;

  private LoopGuard(ChargedReads reads, double threshold) {
    this.reads = reads;
    this.threshold = threshold;
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
      throw new IllegalArgumentException("budget must be > 0 or null (unlimited): " + Units.config(budgetPerTurn));
    }
    if (maxWait == null || maxWait.isNegative() || maxWait.isZero()) {
      throw new IllegalArgumentException("max wait must be > 0: " + Units.config(maxWait));
    }
    double checked = Thresholds.guard("guard threshold", threshold);
    LatencyBudget budget = new LatencyBudget(budgetPerTurn == null ? Long.MAX_VALUE : budgetPerTurn.toNanos(), 3);
    return new LoopGuard(new ChargedReads(embedder, access, budget, maxWait.toNanos(), ticker), checked);
  }

  /** A new turn: a fresh budget. */
  public void startTurn() {
    reads.budget().startTurn();
  }

  /**
   * Checks {@code action} against what was done. For a memory in this process the check comes at once; a
   * networked access answers later, so use {@link #before(String, Consumer)} there.
   *
   * @throws IllegalStateException if the access did not answer at once
   */
  public GuardCheck before(String action) {
    GuardCheck[] check = new GuardCheck[1];
    before(action, c -> check[0] = c);
    if (check[0] == null) {
      throw new IllegalStateException("this guard's access answers later; use before(action, callback)");
    }
    return check[0];
  }

  /** What every recorded action is stored with: its kind, so that the check (which matches actions) finds it. */
  private static final Map<String, Object> ACTION = Map.copyOf(MemoryKind.ACTION.tag(null, Map.of()));

  /** Checks {@code action}; {@code check} is called exactly once, possibly before this method returns. */
  public void before(String action, Consumer<GuardCheck> check) {
    Thresholds.text("action", action);
    checks++;
    reads.guard(action, threshold, result -> {
      count(result.outcome());
      check.accept(result);
    });
  }

  /**
   * Records an action that ran, so that a repeat of it is caught (reusing the check's embedding); never charged.
   *
   * @return {@link MemoryOutcome#STORED} (or {@code MERGED} through a deduplicating access), {@code REFUSED} when
   *     the memory is full and does not evict (nothing changed), {@code PENDING} when the access acknowledges later
   */
  public MemoryOutcome after(String action) {
    Thresholds.text("action", action);
    float[] vector = reads.vectorOf(action);
    reads.forget();
    if (ChargedReads.isZero(vector)) {
      return MemoryOutcome.REFUSED; // a line without a known token can never be matched again
    }
    MemoryOutcome[] outcome = {MemoryOutcome.PENDING};
    reads.access().add(action, vector, ACTION, (written, idOrReason, storeNanos, delayNanos) -> {
      outcome[0] = written;
      if (written.kept()) {
        recorded++;
      }
    });
    return outcome[0];
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
