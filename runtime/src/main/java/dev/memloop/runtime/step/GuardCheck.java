package dev.memloop.runtime.step;

/**
 * What the runtime's guard found before one step's action: whether it ran, what it matched, and what the lookup
 * cost. Immutable.
 *
 * @param matchedLine the stored line that matched (a hit), else null
 * @param similarity its similarity, NaN when nothing matched
 * @param cost what the lookup cost ({@link ReadCost#ZERO} when none ran)
 * @param identity the identity the action was matched within ({@code ids:["order-42"]}, {@code key:...},
 *     {@code args:{...}}), or null when the action names nothing (or no lookup ran)
 * @param basis which part decided: the key, the identity (nothing earlier shares it), or the meaning of the words
 */
public record GuardCheck(GuardOutcome outcome, String matchedLine, double similarity, ReadCost cost, String identity,
    GuardBasis basis) {

  /** No guard ran: the policy has none in the loop, or the reasoner skipped the step itself. */
  public static final GuardCheck NOT_APPLICABLE =
      new GuardCheck(GuardOutcome.NOT_APPLICABLE, null, Double.NaN, ReadCost.ZERO, null, GuardBasis.NONE);
  /** The remaining budget could not cover the lookup; the action ran unguarded. */
  public static final GuardCheck UNAFFORDABLE =
      new GuardCheck(GuardOutcome.UNAFFORDABLE, null, Double.NaN, ReadCost.ZERO, null, GuardBasis.NONE);

  /** A check decided by meaning alone, as before identities (an action that names nothing). */
  public GuardCheck(GuardOutcome outcome, String matchedLine, double similarity, ReadCost cost) {
    this(outcome, matchedLine, similarity, cost, null, outcome == GuardOutcome.HIT || outcome == GuardOutcome.MISS
        ? GuardBasis.MEANING : GuardBasis.NONE);
  }

  public GuardCheck {
    if (outcome == null || basis == null || cost == null) {
      throw new IllegalArgumentException("a guard check needs its outcome, its cost and its basis: " + outcome + ", "
          + cost + ", " + basis);
    }
  }

  /** Whether the action must not run. */
  public boolean blocks() {
    return outcome == GuardOutcome.HIT;
  }
}
