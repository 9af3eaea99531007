package dev.memloop.bench.experiments;

import java.util.Map;

/** The paper's Table 4 (real LLMs), printed beside ours: afforded lookups and redundant of 12 per arm and model. */
final class PaperTable4 {

  record Cell(String afforded, String nano, String mini) {}

  static final Map<String, Cell> ARMS = Map.of(
      "(a) in-process", new Cell("19", "0.0 [0-0]", "0.0 [0-0]"),
      "(b) +5 ms", new Cell("19", "0.0 [0-0]", "0.0 [0-0]"),
      "(b) +15 ms", new Cell("17", "1.4 [0-4]", "1.6 [0-4]"),
      "(b) +30 ms", new Cell("8-9", "4.4 [2-7]", "4.0 [2-6]"),
      "(b) +50 ms", new Cell("4", "6.2 [5-8]", "6.2 [5-8]"),
      "(b) +110 ms", new Cell("0", "7.2 [6-9]", "7.2 [6-9]"),
      "(c) per-turn", new Cell("-", "0.6 [0-3]", "0.4 [0-2]"));

  /** Budget sweep at +110 ms (gpt-5-nano): afforded and redundant per budget. */
  static final Map<Long, String> BUDGET_SWEEP = Map.of(100L, "0 afforded, 7.2", 150L, "4 afforded, 6.2",
      250L, "8 afforded, 4.4", 500L, "~15 afforded, 1.6 [0-4]");

  private PaperTable4() {}
}
