package dev.memloop.bench.experiments;

import dev.memloop.agents.llm.RubricGrader;
import dev.memloop.agents.trip.SimulatedTripModel;
import dev.memloop.agents.trip.TripAgents;
import dev.memloop.agents.trip.TripCondition;
import dev.memloop.agents.trip.TripRun;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.NearestRank;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.step.MemoryOutcome;
import dev.memloop.workloads.trip.TripConversation;
import dev.memloop.workloads.trip.TripConversations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Table 1, the windowed trip-recall task: six turns, five durable constraints stated early, a window of four
 * messages, a final question that lists them; conditions baseline, aware, notes and memory (remember/recall,
 * k = 8); keyword grader; five repeats. Every conversation is a trip agent on the runtime, one turn per user
 * message; the memory condition runs under the paper's in-process memory (per-step) and, beside it, per-turn and
 * networked at two injected round trips, every read charged to the turn's 100 ms budget. Offline the model is
 * simulated with the paper's observed habits.
 */
public final class TripRecall implements Experiment {

  static final int REPEATS = 5;
  static final Map<String, String> PAPER = Map.of("nano-sim", "gpt-5-nano: 0.0 / 0.0 / 5.0 / 4.8 [4-5]",
      "mini-sim", "gpt-5-mini: 0.0 / 0.0 / 5.0 / 3.6 [3-5]");
  /** The memory condition's arms beyond the paper's in-process one. */
  static final List<TripAgents.MemoryArm> ARMS = List.of(TripAgents.MemoryArm.PER_TURN,
      TripAgents.MemoryArm.networked(Duration.ofMillis(30)), TripAgents.MemoryArm.networked(Duration.ofMillis(110)));
  static final Duration TURN_TIMEOUT = Duration.ofMinutes(5);

  public record Cell(String model, TripCondition condition, String policy, List<TripRun.Outcome> repeats,
      List<Integer> rubric) {}

  /** The LLM arms' calls: six turns per conversation, and up to MAX_TOOL_CALLS more per memory turn. */
  public static LlmRun.Estimate estimate(boolean rubric) {
    long conversations = (long) REPEATS * (TripCondition.values().length + ARMS.size());
    long calls = conversations * TripConversation.TURNS + (rubric ? conversations : 0);
    long memoryConversations = (long) REPEATS * (1 + ARMS.size());
    long max = calls + memoryConversations * TripConversation.TURNS * TripAgents.MAX_TOOL_CALLS;
    return new LlmRun.Estimate("table1", calls, max, calls * LlmRun.TOKENS_PER_CALL);
  }

  @Override
  public String id() {
    return "table1";
  }

  @Override
  public String title() {
    return "Table 1: recall under a bounded window (the trip task)";
  }

  @Override
  public ExperimentReport run(ExperimentContext context) throws Exception {
    Embedder embedder = context.embedder();
    for (int w = 0; w < 100; w++) { // unmeasured: the memory's per-op times are read warm, as the paper's were live
      simulated(context, SimulatedTripModel.Habits.MINI_SIM, TripCondition.MEMORY, TripAgents.MemoryArm.PER_STEP,
          context.seed() + 1_000_000 + w, w);
    }
    List<Cell> cells = new ArrayList<>();
    for (SimulatedTripModel.Habits habits : List.of(SimulatedTripModel.Habits.NANO_SIM, SimulatedTripModel.Habits.MINI_SIM)) {
      for (TripCondition condition : TripCondition.values()) {
        cells.add(simulatedCell(context, habits, condition, TripAgents.MemoryArm.PER_STEP));
      }
      for (TripAgents.MemoryArm arm : ARMS) {
        cells.add(simulatedCell(context, habits, TripCondition.MEMORY, arm));
      }
    }
    if (context.llm() != null) {
      cells.addAll(llmCells(context, embedder));
    }
    return report(context, cells);
  }

  private static Cell simulatedCell(ExperimentContext context, SimulatedTripModel.Habits habits, TripCondition condition,
      TripAgents.MemoryArm arm) throws Exception {
    List<TripRun.Outcome> repeats = new ArrayList<>();
    for (int r = 0; r < REPEATS; r++) {
      repeats.add(simulated(context, habits, condition, arm, context.seed() + r,
          (context.seed() + r) * 0x9E3779B97F4A7C15L));
    }
    return new Cell(habits.name(), condition, policy(condition, arm), repeats, List.of());
  }

  private static TripRun.Outcome simulated(ExperimentContext context, SimulatedTripModel.Habits habits,
      TripCondition condition, TripAgents.MemoryArm arm, long conversationSeed, long modelSeed) throws Exception {
    TripConversation conversation = TripConversations.generate(conversationSeed);
    LongAdder characters = new LongAdder();
    return TripRun.run(context.system(), TripAgents.simulated("table1-" + habits.name(), condition, arm, habits,
        conversation, modelSeed, context.embedder(), characters), condition, policy(condition, arm), conversation,
        characters, TURN_TIMEOUT);
  }

  private static String policy(TripCondition condition, TripAgents.MemoryArm arm) {
    return condition == TripCondition.MEMORY ? arm.label() : "-";
  }

  private static List<Cell> llmCells(ExperimentContext context, Embedder embedder) throws Exception {
    LlmRun llm = context.llm();
    List<Cell> cells = new ArrayList<>();
    List<TripAgents.MemoryArm> arms = new ArrayList<>();
    arms.add(TripAgents.MemoryArm.PER_STEP);
    arms.addAll(ARMS);
    for (TripCondition condition : TripCondition.values()) {
      for (TripAgents.MemoryArm arm : condition == TripCondition.MEMORY ? arms : List.of(TripAgents.MemoryArm.PER_STEP)) {
        context.progress("table1: " + llm.settings().model() + ", " + condition.name().toLowerCase(Locale.ROOT)
            + (condition == TripCondition.MEMORY ? ", " + arm.label() : ""));
        List<TripRun.Outcome> repeats = new ArrayList<>();
        List<Integer> rubric = new ArrayList<>();
        for (int r = 0; r < REPEATS; r++) {
          TripConversation conversation = TripConversations.generate(context.seed() + r);
          TripRun.Outcome outcome = TripRun.run(context.system(), TripAgents.llm("table1-llm", condition, arm,
              llm.calls(), embedder), condition, policy(condition, arm), conversation, null, TURN_TIMEOUT);
          repeats.add(outcome);
          if (llm.rubric()) {
            rubric.add(new RubricGrader(llm.calls()).grade(outcome.finalAnswer(), conversation.constraints()));
          }
        }
        cells.add(new Cell(llm.settings().model(), condition, policy(condition, arm), repeats, rubric));
      }
    }
    return cells;
  }

  private ExperimentReport report(ExperimentContext context, List<Cell> cells) {
    TextTable table = new TextTable("model", "baseline", "aware", "notes", "memory", "paper (baseline / aware / notes / memory)");
    TextTable arms = new TextTable("model", "memory policy", "recalled (of 5)", "final read", "store size : recalled, per repeat",
        "recall p50");
    TextTable cost = new TextTable("model", "condition", "policy", "tokens per run (estimated)", "writes kept",
        "store size : recalled, per repeat", "remember p50", "recall p50");
    for (String model : cells.stream().map(Cell::model).distinct().toList()) {
      List<Cell> row = cells.stream().filter(c -> c.model().equals(model)).toList();
      table.row(model, range(cell(row, TripCondition.BASELINE, "-")), range(cell(row, TripCondition.AWARE, "-")),
          range(cell(row, TripCondition.NOTES, "-")), range(cell(row, TripCondition.MEMORY, "per-step")),
          PAPER.getOrDefault(model, rubric(row)));
      for (Cell c : row) {
        if (c.condition() == TripCondition.MEMORY) {
          arms.row(model, c.policy(), range(c), reads(c), sizes(c), p50(c, false));
        }
        long tokens = (long) c.repeats().stream().mapToLong(TripRun.Outcome::estimatedTokens).average().orElse(0);
        int writes = c.repeats().stream().mapToInt(TripRun.Outcome::writes).sum();
        int stored = c.repeats().stream().mapToInt(TripRun.Outcome::stored).sum();
        boolean memory = c.condition() == TripCondition.MEMORY;
        cost.row(model, c.condition().name().toLowerCase(Locale.ROOT), c.policy(), tokens,
            memory ? stored + " of " + writes : "-", memory ? sizes(c) : "-", p50(c, true), p50(c, false));
      }
    }
    String llmNote = context.llm() == null ? "Real-model arms skipped: run with --llm openai and OPENAI_API_KEY or "
        + "OPENAI_BASE_URL set. " : "Rows named by a real model ran through its API; their tokens in the cost table "
        + "are still the 4-characters estimate, the API's own counts are in the run's llm counters. ";
    String notes = llmNote + "Every conversation ran as a trip agent on the runtime, one turn per user message. Models "
        + "nano-sim and mini-sim are simulated with the paper's habits (not real models): notes restates every "
        + "requirement in every reply; memory saves each requirement when stated, re-saves known ones in fresh wordings "
        + "(up to five copies), stores small talk as incidental details, and reads once through recall with k = 8 "
        + "before answering. Tokens are estimated at 4 characters each (real models count them). The paper's reading "
        + "holds when misses appear only in runs whose store outgrew k = 8: a read-policy failure, never a lost write. "
        + "Per-turn pins the whole store at each turn's start (per-turn.dump = all): the final answer sees every note, "
        + "at the tokens' rent. Networked reads are charged to the turn's 100 ms budget with their round trip: +30 ms "
        + "fits, +110 ms does not, and the read then answers unaffordable and returns nothing.";
    return new ExperimentReport(id(), title(), List.of(
        new ExperimentReport.Section("Constraints recalled (of 5), mean [min-max] over " + REPEATS + " repeats, window "
            + TripAgents.WINDOW + " messages; memory in process (per-step), as in the paper. nano-sim and mini-sim "
            + "are simulated models (" + SimulatedTripModel.Habits.FITTED + "), not reproductions:", table),
        new ExperimentReport.Section("The memory condition under each memory policy (budget 100 ms per turn; the -sim "
            + "models simulated):", arms),
        new ExperimentReport.Section("Cost and the store:", cost)), List.of(), notes, cells);
  }

  private static Cell cell(List<Cell> row, TripCondition condition, String policy) {
    return row.stream().filter(c -> c.condition() == condition && c.policy().equals(policy)).findFirst()
        .orElseThrow(() -> new IllegalStateException("no cell for " + condition + " " + policy));
  }

  private static String sizes(Cell c) {
    StringBuilder sizes = new StringBuilder();
    for (TripRun.Outcome o : c.repeats()) {
      sizes.append(sizes.length() == 0 ? "" : ", ").append(o.stored()).append(':').append(o.recalled());
    }
    return sizes.toString();
  }

  /** How the final reads ended: "5 answered", "5 unaffordable", or a mix. */
  private static String reads(Cell c) {
    Map<MemoryOutcome, Long> counts = new java.util.TreeMap<>();
    c.repeats().forEach(o -> counts.merge(o.finalRead() == null ? MemoryOutcome.NO_MEMORY : o.finalRead(), 1L, Long::sum));
    StringBuilder out = new StringBuilder();
    counts.forEach((outcome, n) -> out.append(out.length() == 0 ? "" : ", ").append(n).append(' ')
        .append(outcome.name().toLowerCase(Locale.ROOT).replace('_', ' ')));
    return out.toString();
  }

  private static String range(Cell c) {
    int min = c.repeats().stream().mapToInt(TripRun.Outcome::recalled).min().orElse(0);
    int max = c.repeats().stream().mapToInt(TripRun.Outcome::recalled).max().orElse(0);
    double mean = c.repeats().stream().mapToInt(TripRun.Outcome::recalled).average().orElse(Double.NaN);
    return String.format(Locale.ROOT, "%.1f [%d-%d]", mean, min, max);
  }

  private static String rubric(List<Cell> row) {
    StringBuilder out = new StringBuilder("rubric grade:");
    for (Cell c : row) {
      out.append(' ').append(c.rubric().isEmpty() ? "-" : String.format(Locale.ROOT, "%.1f",
          c.rubric().stream().mapToInt(Integer::intValue).average().orElse(Double.NaN)));
    }
    return out.toString();
  }

  private static String p50(Cell c, boolean remember) {
    long[] all = c.repeats().stream().flatMap(o -> (remember ? o.rememberNanos() : o.recallNanos()).stream())
        .mapToLong(Long::longValue).toArray();
    if (all.length == 0) {
      return "-";
    }
    long p50 = NearestRank.of(all, 0.50);
    return Units.time(p50);
  }
}
