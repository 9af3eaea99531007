package dev.memloop.runtime.step;

/** How one tool call a model made within a step ended. */
public enum ToolOutcome {
  /** The tool ran and answered. */
  DONE,
  /** The tool ran, flagged as a repeat of an earlier call (the model was told so with the result). */
  FLAGGED,
  /** Not run: it repeats an earlier call (the tool guard); the model was told why. */
  BLOCKED,
  /** The tool ran and failed; the model got the error. */
  FAILED,
  /** The model named a tool it does not have; it got the list of the tools it has. */
  UNKNOWN_TOOL,
  /** The arguments were not JSON, or lacked what the tool needs; the model got the problem. */
  BAD_ARGUMENTS,
  /** Past the step's bound on tool calls: not run, and the model was asked to answer without tools. */
  CUT;

  /** Whether the tool's code ran. */
  public boolean ran() {
    return this == DONE || this == FLAGGED || this == FAILED;
  }
}
