package dev.memloop.runtime.step;

/** Which part of the action decided the guard's check ({@link GuardCheck#basis()}). */
public enum GuardBasis {
  /** No lookup decided anything: none ran, it was unaffordable, or it timed out. */
  NONE,
  /** The idempotency key: an action with the same key ran (a hit), or none did (a miss). */
  KEY,
  /** The identity: no earlier action names the same identifiers (or arguments), so this one runs, whatever its words. */
  IDENTITY,
  /**
   * The meaning: earlier actions share the identity (or, like this one, name nothing), and the nearest wording was at
   * or above the threshold (a hit) or below it (a miss).
   */
  MEANING
}
