package dev.memloop.runtime.step;

/**
 * What the step loop's memory patterns did in one step: the novelty check's verdict on the observation (and the
 * earlier observation it repeats), and whether the executed action's write merged into a stored near-duplicate.
 */
public record PatternMarks(Novelty novelty, String repeatOf, boolean writeMerged) {

  /** The novelty check's verdict on a step's observation. */
  public enum Novelty {
    /** The novelty check is off. */
    UNCHECKED,
    NOVEL,
    REPEAT
  }

  /** No pattern ran. */
  public static final PatternMarks NONE = new PatternMarks(Novelty.UNCHECKED, null, false);

  public PatternMarks {
    if (novelty == null) {
      throw new IllegalArgumentException("a step's novelty mark must not be null");
    }
  }
}
