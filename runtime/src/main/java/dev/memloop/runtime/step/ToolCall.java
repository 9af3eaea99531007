package dev.memloop.runtime.step;

/**
 * One tool call a model made while its reasoner decided a step: which tool, how long its arguments were, how it
 * ended and how long it took (a memory tool's call is also in the step's memory calls, with its own costs).
 * Immutable.
 *
 * @param argumentChars the length of the arguments' JSON text
 * @param nanos from the call's start to its result, the guard's lookup and the write of the call included
 * @param note the tool guard's match for a blocked or flagged call, the error of a failed one; else null
 */
public record ToolCall(String name, int argumentChars, ToolOutcome outcome, long nanos, String note) {

  /**
   * The most tool names a run's counts keep apart; the rest are counted under {@link #OTHER_TOOLS} (a model that
   * invents tool names cannot grow a report or a metric without bound).
   */
  public static final int MAX_NAMED_TOOLS = 64;
  /** Where the calls of tools past {@link #MAX_NAMED_TOOLS} names are counted. */
  public static final String OTHER_TOOLS = "other";

  public ToolCall {
    if (name == null || outcome == null) {
      throw new IllegalArgumentException("a tool call needs its name and outcome: " + name + ", " + outcome);
    }
    if (argumentChars < 0 || nanos < 0) {
      throw new IllegalArgumentException("tool call sizes and times must be >= 0: " + argumentChars + ", " + nanos);
    }
  }
}
