package dev.memloop.runtime.step;

/**
 * One tool call a model made while its reasoner decided a step: which tool, how long its arguments were, how it
 * ended and how long it took (a memory tool's call is also in the step's memory calls, with its own costs).
 * Immutable.
 *
 * @param argumentChars the length of the arguments' JSON text
 * @param nanos from the call's start to its result, the guard's lookup and the write of the call included
 * @param note the tool guard's match for a blocked or flagged call, the error of a failed one; else null
 * @param output the start of what the tool answered (at most {@code memloop.agent.tools.record-output} bytes, cut
 *     with {@code …}, secrets redacted), or null when none was kept
 */
public record ToolCall(String name, int argumentChars, ToolOutcome outcome, long nanos, String note, String output) {

  /** A call whose output is not kept. */
  public ToolCall(String name, int argumentChars, ToolOutcome outcome, long nanos, String note) {
    this(name, argumentChars, outcome, nanos, note, null);
  }

  /**
   * The start of {@code text} that fits {@code bytes} in UTF-8 (whole characters), with {@code …} when cut; null for
   * null text or no room.
   */
  public static String kept(String text, int bytes) {
    if (text == null || bytes <= 0) {
      return null;
    }
    if (text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= bytes) {
      return text;
    }
    int room = Math.max(0, bytes - 3); // the ellipsis, U+2026, is 3 bytes
    int used = 0;
    int end = 0;
    while (end < text.length()) {
      int cp = text.codePointAt(end);
      int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      if (used + size > room) {
        break;
      }
      used += size;
      end += Character.charCount(cp);
    }
    return text.substring(0, end) + "\u2026";
  }

  /**
   * The most tool names a run's counts keep apart; the rest are counted under {@link #OTHER_TOOLS} (a model that
   * invents tool names cannot grow a report or a metric without bound).
   */
  public static final int MAX_NAMED_TOOLS = 64;
  /** Where the calls of tools past {@link #MAX_NAMED_TOOLS} names are counted. */
  public static final String OTHER_TOOLS = "other";

  /**
   * The name a call of {@code tool} is counted under, given the counts kept so far by name: its own while fewer than
   * {@link #MAX_NAMED_TOOLS} names are kept (or it is one of them), else {@link #OTHER_TOOLS}.
   */
  public static String countedAs(String tool, java.util.Map<String, ?> counted) {
    return counted.containsKey(tool) || counted.size() < MAX_NAMED_TOOLS ? tool : OTHER_TOOLS;
  }

  public ToolCall {
    if (name == null || outcome == null) {
      throw new IllegalArgumentException("a tool call needs its name and outcome: " + name + ", " + outcome);
    }
    if (argumentChars < 0 || nanos < 0) {
      throw new IllegalArgumentException("tool call sizes and times must be >= 0: " + argumentChars + ", " + nanos);
    }
  }
}
