package dev.memloop.runtime.config;

import java.util.OptionalDouble;

/**
 * The in-loop guard's settings ({@code memloop.agent.guard}). Immutable; checked here.
 *
 * @param threshold the match threshold in [0, 1] (a cosine below 0 is an unrelated line, never a repeat); empty for {@code calibrated} (resolved by the spec's builder)
 * @param padOps measured store ops in the budget estimate's pad
 * @param identifiers whether the guard reads an action's identifiers ({@code guard.identifiers}): on, a repeat must
 *     name the same ids, amounts, dates and hosts; off, it is matched by meaning alone
 */
public record GuardSettings(OptionalDouble threshold, int padOps, boolean identifiers) {

  public GuardSettings {
    if (threshold == null) {
      throw new IllegalArgumentException("guard.threshold must be a number in [0, 1] or calibrated: null");
    }
    if (threshold.isPresent() && !(threshold.getAsDouble() >= 0 && threshold.getAsDouble() <= 1)) {
      throw new IllegalArgumentException("guard.threshold must be in [0, 1] or calibrated: " + threshold.getAsDouble()
          + " (below 0 a match is an unrelated line)");
    }
    if (padOps < 0) {
      throw new IllegalArgumentException("guard.pad-ops must be >= 0: " + padOps);
    }
  }

  /** Settings that read identifiers (the default). */
  public GuardSettings(OptionalDouble threshold, int padOps) {
    this(threshold, padOps, true);
  }

  public GuardSettings withThreshold(double newThreshold) {
    return new GuardSettings(OptionalDouble.of(newThreshold), padOps, identifiers);
  }
}
