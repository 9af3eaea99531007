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
 * @param act whether the model is offered {@code act(action)}, its way to take the step's action: the runtime guards
 *     it (an action executed before is skipped) and executes it once the step is decided, as it does any reasoner's
 *     {@code Decision.act}
 * @param rememberCalls whether every executed call of a user tool is written to memory (its name and arguments)
 * @param guard what happens to a user tool call that repeats a remembered one
 * @param semanticGuard the tools whose repeats are found by similarity, each with its threshold in [0, 1]; every
 *     other tool's call repeats an earlier one only with the same arguments (after canonical JSON), so that
 *     {@code lookupOrder {"orderId":"43"}} is new work after {@code 42}, however alike the two lines embed
 * @param recordOutput how much of each tool call's output its record keeps, in UTF-8 bytes (0: none; at most 1 MiB)
 */
public record ToolSettings(int maxCallsPerStep, boolean memory, boolean act, boolean rememberCalls, Guard guard,
    Map<String, Double> semanticGuard, int recordOutput) {

  /** {@code tools.record-output}'s default: 2 KiB of each call's output. */
  public static final int DEFAULT_RECORD_OUTPUT = 2048;
  /** The most {@code tools.record-output} may keep: 1 MiB. */
  public static final int MAX_RECORD_OUTPUT = 1 << 20;

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

  /** {@code memloop.agent.tools}' defaults: 8 calls a step, memory and act offered, no tool guard. */
  public static final ToolSettings DEFAULTS = new ToolSettings(8, true, true, false, Guard.OFF, Map.of(),
      DEFAULT_RECORD_OUTPUT);
  /** No tools at all: the model answers from its prompt alone. */
  public static final ToolSettings NONE = new ToolSettings(0, false, false, false, Guard.OFF, Map.of(),
      DEFAULT_RECORD_OUTPUT);

  /** A builder from {@link #DEFAULTS}. */
  public static Builder builder() {
    return DEFAULTS.toBuilder();
  }

  /** A builder from these settings. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** These settings with {@code tool}'s repeats found by similarity at {@code threshold} (in [0, 1]). */
  public ToolSettings withSemanticGuard(String tool, double threshold) {
    return toBuilder().semanticGuard(tool, threshold).build();
  }

  /** Builds {@link ToolSettings}, checked at {@link #build()}; not thread-safe. */
  public static final class Builder {
    private int maxCallsPerStep;
    private boolean memory;
    private boolean act;
    private boolean rememberCalls;
    private Guard guard;
    private final Map<String, Double> semanticGuard;
    private int recordOutput;

    private Builder(ToolSettings from) {
      maxCallsPerStep = from.maxCallsPerStep;
      memory = from.memory;
      act = from.act;
      rememberCalls = from.rememberCalls;
      guard = from.guard;
      semanticGuard = new LinkedHashMap<>(from.semanticGuard);
      recordOutput = from.recordOutput;
    }

    /** {@code tools.record-output}: bytes of each call's output its record keeps, in [0, 1 MiB]. */
    public Builder recordOutput(int bytes) {
      this.recordOutput = bytes;
      return this;
    }

    /** {@code tools.max-calls-per-step}, in [0, 1000]. */
    public Builder maxCallsPerStep(int calls) {
      this.maxCallsPerStep = calls;
      return this;
    }

    /** {@code tools.memory}: offer remember, recall and match. */
    public Builder memory(boolean offered) {
      this.memory = offered;
      return this;
    }

    /** {@code tools.act}: offer act(action). */
    public Builder act(boolean offered) {
      this.act = offered;
      return this;
    }

    /** {@code tools.remember-calls}: write every executed user tool call to memory, as a tool call. */
    public Builder rememberCalls(boolean remember) {
      this.rememberCalls = remember;
      return this;
    }

    /** {@code tools.guard}. */
    public Builder guard(Guard newGuard) {
      this.guard = newGuard;
      return this;
    }

    /** {@code tools.semantic-guard.<tool>}: {@code tool}'s repeats found by similarity at {@code threshold}. */
    public Builder semanticGuard(String tool, double threshold) {
      semanticGuard.put(tool, threshold);
      return this;
    }

    /** @throws IllegalArgumentException naming the key and value of a setting out of range */
    public ToolSettings build() {
      return new ToolSettings(maxCallsPerStep, memory, act, rememberCalls, guard, semanticGuard, recordOutput);
    }
  }

  public ToolSettings {
    if (maxCallsPerStep < 0 || maxCallsPerStep > 1_000) {
      throw new IllegalArgumentException("tools.max-calls-per-step must be in [0, 1000]: " + maxCallsPerStep);
    }
    if (guard == null) {
      throw new IllegalArgumentException("tools.guard must be off, flag or block: null");
    }
    if (recordOutput < 0 || recordOutput > MAX_RECORD_OUTPUT) {
      throw new IllegalArgumentException("tools.record-output must be in [0B, 1MiB]: " + recordOutput + "B");
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
