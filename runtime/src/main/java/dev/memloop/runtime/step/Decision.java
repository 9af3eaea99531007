package dev.memloop.runtime.step;

import java.util.Objects;

/**
 * What a reasoner decided for one observation: act (execute {@code actionLine}) or skip it, and, when it
 * skipped a duplicate, where it recognized the original. A skip still names the action line it declined,
 * so that graders can tell a recognized duplicate from a false skip. Immutable.
 */
public record Decision(Kind kind, String actionLine, Recognition recognition) {

  /** Act on the action line, or skip it. */
  public enum Kind { ACT, SKIP }

  /** Where a reasoner saw the original of what it skipped; the model's own work, apart from guard blocks. */
  public enum Recognition {
    /** Not a recognized duplicate (an action, or a skip for another reason). */
    NONE,
    /** The original was visible in the context window. */
    WINDOW,
    /** The original was listed in what the memory policy pinned into the context. */
    PINNED,
    /** The reasoner found the original by asking its memory ({@link StepContext#memory()}). */
    MEMORY
  }

  public Decision {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(recognition, "recognition");
    if (actionLine == null || actionLine.isBlank()) {
      throw new IllegalArgumentException("a decision needs an action line: " + (actionLine == null ? "null" : "'" + actionLine + "'"));
    }
    if (kind == Kind.ACT && recognition != Recognition.NONE) {
      throw new IllegalArgumentException("an action cannot be a recognized duplicate: " + recognition);
    }
  }

  public static Decision act(String actionLine) {
    return new Decision(Kind.ACT, actionLine, Recognition.NONE);
  }

  public static Decision skip(String actionLine, Recognition recognition) {
    return new Decision(Kind.SKIP, actionLine, recognition);
  }

  public boolean acts() {
    return kind == Kind.ACT;
  }
}
