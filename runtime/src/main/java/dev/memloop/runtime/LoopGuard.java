package dev.memloop.runtime;

import dev.memloop.memory.ItemIdentity;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.Ticker;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.identity.IdentifierExtractor;
import dev.memloop.runtime.internal.identity.GuardKey;
import dev.memloop.runtime.internal.identity.GuardKeys;
import dev.memloop.runtime.internal.memory.ChargedReads;
import dev.memloop.runtime.internal.memory.LocalMemoryAccess;
import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.runtime.step.ActionCall;
import dev.memloop.runtime.step.ActionIdentity;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryOutcome;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Before an action, "have I already done this?"; after it, record it. The runtime's own guard path (the turn's
 * {@link LatencyBudget}, the in-process embedding, the lookup charged at its real cost) for code outside an agent's
 * step loop, over a memory in this process (a direct call). The same rule as the step loop's guard: a repeat names
 * the same identifiers (read by the guard's {@link IdentifierExtractor}), or has the same idempotency key, or the
 * same structured arguments, and its other words mean the same.
 *
 * <p>Not thread-safe: one per agent.
 */
public final class LoopGuard {

  /** What the guard did so far: checks and their outcomes, and the actions it recorded. */
  public record Counters(long checks, long hits, long misses, long unaffordable, long timedOut, long recorded) {}

  private final ChargedReads reads;
  private final double threshold;
  private final IdentifierExtractor identifiers;
  private long checks;
  private long hits;
  private long misses;
  private long unaffordable;
  private long timedOut;
  private long recorded;

  private LoopGuard(ChargedReads reads, double threshold, IdentifierExtractor identifiers) {
    this.reads = reads;
    this.threshold = threshold;
    this.identifiers = identifiers;
  }

  /** A guard over {@code memory}, with {@code budgetPerTurn} for lookups (null: unlimited). */
  public static LoopGuard over(WorkingMemory memory, Embedder embedder, double threshold, Duration budgetPerTurn) {
    return over(memory, embedder, threshold, budgetPerTurn, Ticker.system());
  }

  /** As above, charging lookups by {@code ticker}'s clock (a manual one in tests). */
  public static LoopGuard over(WorkingMemory memory, Embedder embedder, double threshold, Duration budgetPerTurn,
      Ticker ticker) {
    if (memory == null || embedder == null || ticker == null) {
      throw new IllegalArgumentException("a loop guard needs a memory, an embedder and a ticker");
    }
    if (budgetPerTurn != null && (budgetPerTurn.isNegative() || budgetPerTurn.isZero())) {
      throw new IllegalArgumentException("budget must be > 0 or null (unlimited): " + Units.config(budgetPerTurn));
    }
    if (!(threshold >= 0 && threshold <= 1)) {
      throw new IllegalArgumentException("guard threshold must be in [0, 1]: " + threshold
          + " (below 0 a match is an unrelated line)");
    }
    LatencyBudget budget = new LatencyBudget(budgetPerTurn == null ? Long.MAX_VALUE : budgetPerTurn.toNanos(), 3);
    // in process the answer comes within the call: the wait limit is never reached
    return new LoopGuard(new ChargedReads(embedder, new LocalMemoryAccess(memory, ticker), budget, Long.MAX_VALUE,
        ticker), threshold, IdentifierExtractor.standard());
  }

  /** This guard, reading identifiers with {@code extractor} ({@link IdentifierExtractor#none()}: meaning alone). */
  public LoopGuard withIdentifiers(IdentifierExtractor extractor) {
    if (extractor == null) {
      throw new IllegalArgumentException("a loop guard's identifier extractor must not be null");
    }
    return new LoopGuard(reads, threshold, extractor);
  }

  /** A new turn: a fresh budget. */
  public void startTurn() {
    reads.budget().startTurn();
  }

  /**
   * Checks {@code action} against what was done; the check comes at once (the memory is in this process).
   */
  public GuardCheck before(String action) {
    GuardCheck[] check = new GuardCheck[1];
    before(action, c -> check[0] = c);
    if (check[0] == null) {
      throw new IllegalStateException("this guard's access answers later; use before(action, callback)");
    }
    return check[0];
  }

  /** As {@link #before(String)} for an action under an idempotency key: the same key is the same act. */
  public GuardCheck before(String action, String idempotencyKey) {
    return at(key(action, ActionIdentity.key(idempotencyKey)));
  }

  /** As {@link #before(String)} for a structured call: its arguments exactly, its verb by meaning. */
  public GuardCheck before(ActionCall call) {
    return at(key(call == null ? null : call.line(), call == null ? null : ActionIdentity.of(call)));
  }

  private GuardCheck at(GuardKey key) {
    GuardCheck[] check = new GuardCheck[1];
    before(key, c -> check[0] = c);
    if (check[0] == null) {
      throw new IllegalStateException("this guard's access answers later; use before(action, callback)");
    }
    return check[0];
  }

  /** What every recorded action is stored with: its kind, so that the check (which matches actions) finds it. */
  private static final Map<String, Object> ACTION = Map.copyOf(MemoryKind.ACTION.tag(null, Map.of()));

  /** Checks {@code action}; {@code check} is called exactly once, possibly before this method returns. */
  public void before(String action, Consumer<GuardCheck> check) {
    before(key(action, ActionIdentity.FROM_LINE), check);
  }

  private void before(GuardKey key, Consumer<GuardCheck> check) {
    checks++;
    reads.guard(key, threshold, result -> {
      count(result.outcome());
      check.accept(result);
    });
  }

  private GuardKey key(String action, ActionIdentity identity) {
    if (action == null || action.isBlank()) {
      throw new IllegalArgumentException("action must not be null or blank: "
          + (action == null ? "null" : "'" + action + "'"));
    }
    if (identity == null) {
      throw new IllegalArgumentException("a structured action needs its call");
    }
    return GuardKeys.of(action, identity, identifiers, reads.ticker());
  }

  /**
   * Records an action that ran, so that a repeat of it is caught (reusing the check's embedding); never charged.
   *
   * @return {@link MemoryOutcome#STORED} (or {@code MERGED} through a deduplicating access), {@code REFUSED} when
   *     the memory is full and does not evict (nothing changed), {@code PENDING} when the access acknowledges later
   */
  public MemoryOutcome after(String action) {
    return recorded(key(action, ActionIdentity.FROM_LINE));
  }

  /** As {@link #after(String)} for an action that ran under an idempotency key. */
  public MemoryOutcome after(String action, String idempotencyKey) {
    return recorded(key(action, ActionIdentity.key(idempotencyKey)));
  }

  /** As {@link #after(String)} for a structured call that ran. */
  public MemoryOutcome after(ActionCall call) {
    return recorded(key(call == null ? null : call.line(), call == null ? null : ActionIdentity.of(call)));
  }

  private MemoryOutcome recorded(GuardKey key) {
    float[] vector = key.identity() == null ? reads.vectorOf(key.wording()) : reads.identifiedVectorOf(key.wording());
    reads.forget();
    if (Embedder.isZero(vector)) {
      return MemoryOutcome.REFUSED; // a line without a known token can never be matched again
    }
    Map<String, Object> metadata = key.identity() == null ? ACTION
        : Map.of(MemoryKind.KEY, MemoryKind.ACTION.name(), ItemIdentity.KEY, key.identity());
    MemoryOutcome[] outcome = {MemoryOutcome.PENDING};
    reads.access().add(key.line(), vector, metadata, (written, idOrReason, storeNanos, delayNanos) -> {
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
