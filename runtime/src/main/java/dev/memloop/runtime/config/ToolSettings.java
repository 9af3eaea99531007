package dev.memloop.runtime.config;

import java.util.Locale;

/**
 * How an LLM reasoner uses tools within a step ({@code memloop.agent.tools}). Immutable; checked here.
 *
 * @param maxCallsPerStep tool calls the model may make in one step; past them the loop is cut and the model asked
 *     to answer without tools
 * @param memory whether the step's memory handle is offered as tools (remember, recall, match)
 * @param rememberCalls whether every executed call of a user tool is written to memory (its name and arguments)
 * @param guard what happens to a user tool call that repeats a remembered one (a match at the guard threshold)
 */
public record ToolSettings(int maxCallsPerStep, boolean memory, boolean rememberCalls, Guard guard) {

  /** The tool guard: none, a note to the model with the result, or the call refused and the model told why. */
  public enum Guard {
    OFF,
    FLAG,
    BLOCK;

    /** Reads {@code off}, {@code flag} or {@code block}, any case. */
    public static Guard parse(String text) {
      for (Guard g : values()) {
        if (g.name().equalsIgnoreCase(text == null ? "" : text.trim())) {
          return g;
        }
      }
      throw new IllegalArgumentException("tools.guard must be off, flag or block: '" + text + "'");
    }

    public String configName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public static final ToolSettings DEFAULTS = new ToolSettings(8, true, false, Guard.OFF);
  /** No tools at all: the model answers from its prompt alone. */
  public static final ToolSettings NONE = new ToolSettings(0, false, false, Guard.OFF);

  public ToolSettings {
    if (maxCallsPerStep < 0 || maxCallsPerStep > 1_000) {
      throw new IllegalArgumentException("tools.max-calls-per-step must be in [0, 1000]: " + maxCallsPerStep);
    }
    if (guard == null) {
      throw new IllegalArgumentException("tools.guard must be off, flag or block: null");
    }
  }
}
