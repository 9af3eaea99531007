package dev.memloop.runtime.step;

/**
 * What the runtime's guard found before one step's action: whether it ran, what it matched, and what the lookup
 * cost (nanoseconds; zeros when no lookup ran). Immutable.
 *
 * @param matchedLine the stored line that matched (a hit), else null
 * @param similarity its similarity, NaN when nothing matched
 * @param embedNanos embedding the action line, in process
 * @param storeNanos the store's own work
 * @param delayNanos the injected round trip actually achieved (0 in process)
 * @param chargedNanos what the lookup charged the turn's budget: embedding, store work, delay and message hops
 * @param startNanos the agent's clock when the lookup began (0 when none ran), on the {@link System#nanoTime} scale
 *     outside tests: a slow lookup is laid beside the JVM's collection pauses with it
 * @param answeredLater whether the store's answer came in a later message than the one that asked (a networked
 *     store): the time not spent by the store went to mailboxes, transit, connection pools
 * @param offCpuNanos for a lookup whose own work exceeded the budget's 1 ms margin and that was answered within the
 *     message that made it, how long the agent's thread was off its CPU (descheduled, blocked, paused) since that
 *     message began, at most the lookup's own work; -1 when not read (a fast lookup, one answered later, a JVM that
 *     cannot read a thread's CPU time)
 * @param waitingNanos of {@code offCpuNanos}, how long the thread waited for a core (runnable, on the scheduler's run
 *     queue); the rest it was blocked (a ZGC allocation stall, a lock, a page read from disk) or paused. -1 when not
 *     read (as {@code offCpuNanos}, or a system whose scheduler does not report it: only Linux does)
 * @param identity the identity the action was matched within ({@code ids:["order-42"]}, {@code key:...},
 *     {@code args:{...}}), or null when the action names nothing (or no lookup ran)
 * @param basis which part decided: the key, the identity (nothing earlier shares it), or the meaning of the words
 */
public record GuardCheck(GuardOutcome outcome, String matchedLine, double similarity, long embedNanos,
    long storeNanos, long delayNanos, long chargedNanos, long startNanos, boolean answeredLater, long offCpuNanos,
    long waitingNanos, String identity, GuardBasis basis) {

  /** No guard ran: the policy has none in the loop, or the reasoner skipped the step itself. */
  public static final GuardCheck NOT_APPLICABLE =
      new GuardCheck(GuardOutcome.NOT_APPLICABLE, null, Double.NaN, 0, 0, 0, 0, 0, false, -1, -1, null, GuardBasis.NONE);
  /** The remaining budget could not cover the lookup; the action ran unguarded. */
  public static final GuardCheck UNAFFORDABLE =
      new GuardCheck(GuardOutcome.UNAFFORDABLE, null, Double.NaN, 0, 0, 0, 0, 0, false, -1, -1, null, GuardBasis.NONE);

  /** A lookup's check as before the thread's CPU time was read: answered in its own message, off-CPU not read. */
  public GuardCheck(GuardOutcome outcome, String matchedLine, double similarity, long embedNanos, long storeNanos,
      long delayNanos, long chargedNanos, long startNanos) {
    this(outcome, matchedLine, similarity, embedNanos, storeNanos, delayNanos, chargedNanos, startNanos, false, -1, -1);
  }

  /** A check decided by meaning alone, as before identities (an action that names nothing). */
  public GuardCheck(GuardOutcome outcome, String matchedLine, double similarity, long embedNanos, long storeNanos,
      long delayNanos, long chargedNanos, long startNanos, boolean answeredLater, long offCpuNanos, long waitingNanos) {
    this(outcome, matchedLine, similarity, embedNanos, storeNanos, delayNanos, chargedNanos, startNanos, answeredLater,
        offCpuNanos, waitingNanos, null, outcome == GuardOutcome.HIT || outcome == GuardOutcome.MISS
            ? GuardBasis.MEANING : GuardBasis.NONE);
  }

  public GuardCheck {
    if (outcome == null || basis == null) {
      throw new IllegalArgumentException("a guard check needs its outcome and its basis: " + outcome + ", " + basis);
    }
  }

  /** Whether the action must not run. */
  public boolean blocks() {
    return outcome == GuardOutcome.HIT;
  }
}
