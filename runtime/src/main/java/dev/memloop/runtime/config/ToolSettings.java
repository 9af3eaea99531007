package dev.memloop.runtime.config;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How an LLM reasoner uses tools within a step ({@code memloop.agent.tools}). Immutable; checked here.
 *
 * @param maxCallsPerStep tool calls the model may make in one step; past them the loop is cut and the model asked
 *     to answer without tools
 * @param memory whether the step's memory handle is offered as tools (remember, recall, match)
 * @param rememberCalls whether every executed call of a user tool is written to memory (its name and arguments)
 * @param guard what happens to a user tool call that repeats a remembered one
 * @param semanticGuard the tools whose repeats are found by similarity, each with its threshold in [0, 1]; every
 *     other tool's call repeats an earlier one only with the same arguments (after canonical JSON), so that
 *     {@code lookupOrder {"orderId":"43"}} is new work after {@code 42}, however alike the two lines embed
 */
public record ToolSettings(int maxCallsPerStep, boolean memory, boolean rememberCalls, Guard guard,
    Map<String, Double> semanticGuard) {

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

  /** Settings whose tool guard matches every tool's repeats exactly. */
  public ToolSettings(int maxCallsPerStep, boolean memory, boolean rememberCalls, Guard guard) {
    this(maxCallsPerStep, memory, rememberCalls, guard, Map.of());
  }

  /** These settings with {@code tool}'s repeats found by similarity at {@code threshold} (in [0, 1]). */
  public ToolSettings withSemanticGuard(String tool, double threshold) {
    Map<String, Double> tools = new LinkedHashMap<>(semanticGuard);
    tools.put(tool, threshold);
    return new ToolSettings(maxCallsPerStep, memory, rememberCalls, guard, tools);
  }

  public ToolSettings {
    if (maxCallsPerStep < 0 || maxCallsPerStep > 1_000) {
      throw new IllegalArgumentException("tools.max-calls-per-step must be in [0, 1000]: " + maxCallsPerStep);
    }
    if (guard == null) {
      throw new IllegalArgumentException("tools.guard must be off, flag or block: null");
    }
    if (semanticGuard == null) {
      throw new IllegalArgumentException("tools.semantic-guard must be a map of tool names to thresholds: null");
    }
    for (Map.Entry<String, Double> tool : semanticGuard.entrySet()) {
      if (tool.getKey() == null || tool.getKey().isBlank()) {
        throw new IllegalArgumentException("tools.semantic-guard names a tool with no name: " + semanticGuard);
      }
      double threshold = tool.getValue() == null ? Double.NaN : tool.getValue();
      if (!(threshold >= 0 && threshold <= 1)) {
        throw new IllegalArgumentException("tools.semantic-guard." + tool.getKey() + " must be in [0, 1]: "
            + tool.getValue() + " (below 0 a match is an unrelated call)");
      }
    }
    semanticGuard = Map.copyOf(semanticGuard);
  }
}
