package dev.memloop.runtime.internal.memory;

import dev.memloop.runtime.policy.LatencyBudget;
import dev.memloop.memory.ItemIdentity;
import dev.memloop.memory.MemoryKind;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryQuery;
import dev.memloop.memory.Recall;
import dev.memloop.memory.timing.Ticker;
import dev.memloop.runtime.internal.ThreadCpu;
import dev.memloop.runtime.internal.identity.GuardKey;
import dev.memloop.runtime.step.GuardBasis;
import dev.memloop.runtime.step.GuardCheck;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.runtime.step.ReadCost;
import java.util.List;
import java.util.function.Consumer;

/**
 * The one path every read of an agent takes, the runtime's guard lookups and the reasoner's memory calls alike:
 * if the turn's budget covers the read's estimate, embed the text in process, ask the store through the agent's
 * {@link MemoryAccess}, and charge the budget what the read really cost. A read the budget cannot cover answers
 * {@link MemoryOutcome#UNAFFORDABLE} at once and sends nothing; one whose reply does not come within its timeout
 * (the configured limit, never past the remaining budget) answers {@link MemoryOutcome#TIMED_OUT}.
 *
 * <p>The last text read is kept with its embedding, so that writing an action line the guard just looked up embeds
 * it once; {@link #forget} drops it when the step ends, so an idle agent holds no vector.
 *
 * <p>Not thread-safe: owned by one agent; listeners run on its thread.
 */
public final class ChargedReads {

  private final Embedder embedder;
  private final MemoryAccess access;
  private final LatencyBudget budget;
  private final long maxWaitNanos;
  private final Ticker ticker;
  private String lastText;
  private float[] lastVector;
  private float[] noWords; // identifiedVectorOf's direction for a wording without a known token

  /**
   * @param maxWaitNanos the longest one read may wait for a reply (networked access), within the budget
   * @param ticker the clock reads are charged by (a manual one in tests)
   */
  public ChargedReads(Embedder embedder, MemoryAccess access, LatencyBudget budget, long maxWaitNanos, Ticker ticker) {
    if (embedder == null || access == null || budget == null || ticker == null) {
      throw new IllegalArgumentException("charged reads need an embedder, an access, a budget and a ticker");
    }
    if (maxWaitNanos <= 0) {
      throw new IllegalArgumentException("max wait must be > 0 ns: " + maxWaitNanos);
    }
    this.embedder = embedder;
    this.access = access;
    this.budget = budget;
    this.maxWaitNanos = maxWaitNanos;
    this.ticker = ticker;
  }

  /**
   * The most similar item of {@code kind} at or above {@code threshold}; {@code listener} may be called before this
   * returns.
   */
  public void match(String text, double threshold, MemoryKind kind, ReadListener<Recall> listener) {
    match(text, threshold, kind, null, 0, listener);
  }

  /**
   * As {@link #match(String, double, MemoryKind, ReadListener)} among the items of {@code identity} (null: any;
   * {@link ItemIdentity#NONE}: items without one), charging {@code priorNanos} already spent reading the identity.
   */
  private void match(String text, double threshold, MemoryKind kind, String identity, long priorNanos,
      ReadListener<Recall> listener) {
    boolean identified = identity != null && !identity.isEmpty();
    read(text, null, identified, priorNanos, null, (vector, timeout, answer) -> access.search(
        MemoryQuery.nearest(vector, threshold, kind, identity), timeout, (items, timedOut, storeNanos, delayNanos) ->
            answer.done(items == null || items.isEmpty() ? null : items.get(0), timedOut, storeNanos, delayNanos)),
        listener);
  }

  /**
   * The guard's question before an action: was the same act on the same thing executed before? Among the
   * {@link MemoryKind#ACTION} items (a note worded like the action never blocks it) of the action's identity, the
   * nearest wording: at or above {@code threshold} it is a repeat (any similarity, for a key). An action that names
   * nothing is matched among the actions that name nothing, by meaning alone. A hit blocks the action; an
   * unaffordable or timed-out lookup lets it run unguarded. {@code check} may be called before this returns.
   */
  public void guard(GuardKey key, double threshold, Consumer<GuardCheck> check) {
    String identity = key.identity();
    // within an identity the nearest counts whatever its similarity: it tells "nothing here" from "not the same act"
    double asked = identity == null ? threshold : -1;
    match(key.wording(), asked, MemoryKind.ACTION, identity == null ? ItemIdentity.NONE : identity,
        key.resolveNanos(), (outcome, best, cost) -> check.accept(guardCheck(key, threshold, outcome, best, cost)));
  }

  private static GuardCheck guardCheck(GuardKey key, double threshold, MemoryOutcome outcome, Recall best,
      ReadCost cost) {
    if (outcome == MemoryOutcome.UNAFFORDABLE) {
      return GuardCheck.UNAFFORDABLE;
    }
    GuardOutcome guard;
    GuardBasis basis;
    if (outcome == MemoryOutcome.TIMED_OUT) {
      guard = GuardOutcome.TIMED_OUT;
      basis = GuardBasis.NONE;
    } else if (key.keyed()) {
      guard = best == null ? GuardOutcome.MISS : GuardOutcome.HIT;
      basis = GuardBasis.KEY;
    } else if (best == null && key.identity() != null) {
      guard = GuardOutcome.MISS;
      basis = GuardBasis.IDENTITY;
    } else {
      // the nearest of the identity is a repeat when close enough in meaning, and not the opposite act
      guard = best != null && best.similarity() >= threshold && !key.opposes(best.text()) ? GuardOutcome.HIT
          : GuardOutcome.MISS;
      basis = GuardBasis.MEANING;
    }
    boolean hit = guard == GuardOutcome.HIT;
    return new GuardCheck(guard, hit ? best.text() : null, hit ? best.similarity() : Double.NaN, cost,
        key.identity(), basis);
  }

  /**
   * Any read: a text query is embedded here (in process, timed apart), then the store is asked with the vector;
   * {@code listener} may be called before this returns.
   */
  public void search(MemoryQuery query, ReadListener<List<Recall>> listener) {
    access.check(query); // refused before anything is reserved
    read(query.isText() ? query.text() : null, query.isText() ? null : query.vector(), false, 0, List.of(),
        (vector, timeout, answer) -> access.search(query.isText() ? query.withVector(vector) : query, timeout, answer),
        listener);
  }

  /** How a read reaches the store once its vector is known: a match (the best item) or a search (a list). */
  @FunctionalInterface
  private interface Ask<T> {
    void ask(float[] vector, long timeoutNanos, MemoryAccess.Answer<T> answer);
  }

  /**
   * The template every read follows: reserve the estimate (or answer {@link MemoryOutcome#UNAFFORDABLE} and send
   * nothing), embed {@code text} in process unless the vector is {@code given}, answer a vector without a direction
   * at once with {@code nothing}, ask the store, and settle what the read really cost.
   *
   * @param identified whether the text is an identified action's wording (see {@link #identifiedVectorOf})
   * @param priorNanos time already spent on the read before it got here (reading the action's identity)
   */
  private <T> void read(String text, float[] given, boolean identified, long priorNanos, T nothing, Ask<T> ask,
      ReadListener<T> listener) {
    long reserved = budget.reserve(access.injectedDelayNanos());
    if (reserved == LatencyBudget.UNAFFORDABLE) {
      listener.done(MemoryOutcome.UNAFFORDABLE, nothing, ReadCost.ZERO);
      return;
    }
    long timeout = timeout(reserved);
    long start = ticker.nanoTime() - priorNanos;
    long message = ThreadCpu.message();
    float[] vector = given != null ? given : identified ? identifiedVectorOf(text) : vectorOf(text);
    long embedNanos = ticker.nanoTime() - start;
    if (Embedder.isZero(vector)) { // no known token: nothing can be equivalent to a vector without a direction
      answerEmpty(reserved, start, embedNanos, nothing, listener);
      return;
    }
    ask.ask(vector, timeout, (value, timedOut, storeNanos, delayNanos) -> settle(reserved, start, message,
        embedNanos, timedOut, timedOut ? nothing : value, storeNanos, delayNanos, listener));
  }

  /** The longest the read may wait: the configured limit, never past what was left before its reservation. */
  private long timeout(long reserved) {
    return budget.unlimited() ? maxWaitNanos : Math.min(maxWaitNanos, budget.remainingNanos() + reserved);
  }

  private <T> void answerEmpty(long reserved, long start, long embedNanos, T nothing, ReadListener<T> listener) {
    long cost = ticker.nanoTime() - start;
    budget.settle(reserved, cost, 0);
    listener.done(MemoryOutcome.ANSWERED, nothing, new ReadCost(embedNanos, 0, 0, cost, start, false, -1, -1));
  }

  /**
   * @param message the thread's message number when the read began ({@link ThreadCpu#message}): another one now
   *     means a later message brought the answer
   */
  private <T> void settle(long reserved, long start, long message, long embedNanos, boolean timedOut, T value,
      long storeNanos, long delayNanos, ReadListener<T> listener) {
    long cost = ticker.nanoTime() - start;
    budget.settle(reserved, cost, delayNanos);
    boolean answeredLater = ThreadCpu.message() != message;
    long own = cost - delayNanos;
    // only a slow read pays for reading the thread's clocks (system calls): the stall tally asks only of those
    boolean slowHere = !answeredLater && own > LatencyBudget.MARGIN_NANOS;
    long offCpu = slowHere ? Math.min(own, ThreadCpu.offCpuSinceMark()) : -1;
    long waiting = slowHere ? Math.min(offCpu, ThreadCpu.waitingSinceMark()) : -1; // -1 with offCpu
    listener.done(timedOut ? MemoryOutcome.TIMED_OUT : MemoryOutcome.ANSWERED, value,
        new ReadCost(embedNanos, storeNanos, delayNanos, cost, start, answeredLater, offCpu, waiting));
  }

  /**
   * The embedding of {@code text}, reusing the last read's when it was of the same text. Read-only: it may be the
   * vector a caching embedder keeps for every agent (what reads and writes are given, they copy before they keep).
   */
  public float[] vectorOf(String text) {
    if (text.equals(lastText)) {
      return lastVector;
    }
    float[] vector = embedder.embedReadOnly(text);
    lastText = text;
    lastVector = vector;
    return vector;
  }

  /**
   * The embedding of an identified action's wording: as {@link #vectorOf}, and when the wording has no known token, a
   * fixed direction instead, so that the action is still found by its identity (two such actions of one identity are
   * then equal in meaning). Read-only.
   */
  public float[] identifiedVectorOf(String wording) {
    float[] vector = vectorOf(wording);
    if (!Embedder.isZero(vector)) {
      return vector;
    }
    if (noWords == null || noWords.length != vector.length) {
      noWords = new float[vector.length];
      noWords[0] = 1;
    }
    return noWords;
  }

  /** Drops the kept embedding (the step ended). */
  public void forget() {
    lastText = null;
    lastVector = null;
  }

  public LatencyBudget budget() {
    return budget;
  }

  public MemoryAccess access() {
    return access;
  }

  public Embedder embedder() {
    return embedder;
  }

  /** The clock reads are charged by. */
  public Ticker ticker() {
    return ticker;
  }
}
