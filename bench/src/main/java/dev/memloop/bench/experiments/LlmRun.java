package dev.memloop.bench.experiments;

import dev.memloop.runtime.llm.ChatCalls;
import dev.memloop.runtime.llm.LlmCounters;
import dev.memloop.runtime.llm.LlmSettings;

/**
 * A real model for the experiments that have LLM arms (Tables 1 and 4): its settings, the calls' client and the
 * run's counters (calls, retries, failures, timeouts, tool errors, tokens), and whether to grade with the rubric.
 */
public record LlmRun(LlmSettings settings, ChatCalls calls, boolean rubric) {

  public static LlmRun of(LlmSettings settings, boolean rubric) {
    return new LlmRun(settings, new ChatCalls(settings, new LlmCounters()), rubric);
  }

  public LlmCounters counters() {
    return calls.counters();
  }

  /** What an experiment's LLM arms will call: at least {@code calls}, at most {@code maxCalls}, about {@code tokens}. */
  public record Estimate(String experiment, long calls, long maxCalls, long tokens) {}

  /** Tokens per call, prompt and answer, as estimated before a run (counted for real during it). */
  static final long TOKENS_PER_CALL = 450;
}
