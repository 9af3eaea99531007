package dev.memloop.bench.experiments;

import dev.memloop.agents.llm.LlmTripModel;
import dev.memloop.agents.llm.RubricGrader;
import dev.memloop.agents.trip.SimulatedTripModel;
import dev.memloop.agents.trip.TripCondition;
import dev.memloop.agents.trip.TripSession;
import dev.memloop.bench.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.workloads.trip.TripConversation;
import dev.memloop.workloads.trip.TripConversations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Table 1, the windowed trip-recall task: six turns, five durable constraints stated early, a window of four
 * messages, a final question that lists them; conditions baseline, aware, notes and memory (remember/recall,
 * k = 8); keyword grader; five repeats. Offline the model is simulated with the paper's observed habits.
 */
public final class TripRecall implements Experiment {

  static final int REPEATS = 5;
  static final int WINDOW = 4;
  static final int K = 8;
  static final Map<String, String> PAPER = Map.of("nano-sim", "gpt-5-nano: 0.0 / 0.0 / 5.0 / 4.8 [4-5]",
      "mini-sim", "gpt-5-mini: 0.0 / 0.0 / 5.0 / 3.6 [3-5]");

  public record Cell(String model, TripCondition condition, List<TripSession.Outcome> repeats, List<Integer> rubric) {}

  /** The LLM arms' calls: six turns per conversation, and up to MAX_TOOL_ROUNDS more per memory turn. */
  public static LlmRun.Estimate estimate(boolean rubric) {
    long conversations = (long) REPEATS * TripCondition.values().length;
    long calls = conversations * TripConversation.TURNS + (rubric ? conversations : 0);
    long max = calls + (long) REPEATS * TripConversation.TURNS * LlmTripModel.MAX_TOOL_ROUNDS;
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
    for (int w = 0; w < 200; w++) { // unmeasured: the tools' per-op times are read warm, as the paper's were live
      TripConversation conversation = TripConversations.generate(context.seed() + 1_000_000 + w);
      TripSession.run(conversation, TripCondition.MEMORY, new SimulatedTripModel(SimulatedTripModel.Habits.MINI_SIM,
          conversation.constraints(), w), WINDOW, embedder, K);
    }
    List<Cell> cells = new ArrayList<>();
    for (SimulatedTripModel.Habits habits : List.of(SimulatedTripModel.Habits.NANO_SIM, SimulatedTripModel.Habits.MINI_SIM)) {
      for (TripCondition condition : TripCondition.values()) {
        List<TripSession.Outcome> repeats = new ArrayList<>();
        for (int r = 0; r < REPEATS; r++) {
          TripConversation conversation = TripConversations.generate(context.seed() + r);
          SimulatedTripModel model = new SimulatedTripModel(habits, conversation.constraints(),
              (context.seed() + r) * 0x9E3779B97F4A7C15L);
          repeats.add(TripSession.run(conversation, condition, model, WINDOW, embedder, K));
        }
        cells.add(new Cell(habits.name(), condition, repeats, List.of()));
      }
    }
    if (context.llm() != null) {
      cells.addAll(llmCells(context));
    }
    return report(context, cells);
  }

  private static List<Cell> llmCells(ExperimentContext context) {
    LlmRun llm = context.llm();
    List<Cell> cells = new ArrayList<>();
    for (TripCondition condition : TripCondition.values()) {
      context.progress("table1: " + llm.settings().model() + ", " + condition.name().toLowerCase(Locale.ROOT));
      List<TripSession.Outcome> repeats = new ArrayList<>();
      List<Integer> rubric = new ArrayList<>();
      for (int r = 0; r < REPEATS; r++) {
        TripConversation conversation = TripConversations.generate(context.seed() + r);
        TripSession.Outcome outcome = TripSession.run(conversation, condition, new LlmTripModel(llm.calls()), WINDOW,
            context.embedder(), K);
        repeats.add(outcome);
        if (llm.rubric()) {
          rubric.add(new RubricGrader(llm.calls()).grade(outcome.finalAnswer(), conversation.constraints()));
        }
      }
      cells.add(new Cell(llm.settings().model(), condition, repeats, rubric));
    }
    return cells;
  }

  private ExperimentReport report(ExperimentContext context, List<Cell> cells) {
    TextTable table = new TextTable("model", "baseline", "aware", "notes", "memory", "paper (baseline / aware / notes / memory)");
    TextTable cost = new TextTable("model", "condition", "tokens per run (estimated)", "writes kept", "store size : recalled, per repeat",
        "remember p50", "recall p50");
    for (String model : cells.stream().map(Cell::model).distinct().toList()) {
      List<Cell> row = cells.stream().filter(c -> c.model().equals(model)).toList();
      table.row(model, range(row.get(0)), range(row.get(1)), range(row.get(2)), range(row.get(3)),
          PAPER.getOrDefault(model, rubric(row)));
      for (Cell c : row) {
        long tokens = (long) c.repeats().stream().mapToLong(TripSession.Outcome::estimatedTokens).average().orElse(0);
        int writes = c.repeats().stream().mapToInt(TripSession.Outcome::writes).sum();
        int stored = c.repeats().stream().mapToInt(TripSession.Outcome::stored).sum();
        StringBuilder sizes = new StringBuilder();
        for (TripSession.Outcome o : c.repeats()) {
          sizes.append(sizes.length() == 0 ? "" : ", ").append(o.stored()).append(':').append(o.recalled());
        }
        cost.row(model, c.condition().name().toLowerCase(Locale.ROOT), tokens,
            c.condition() == TripCondition.MEMORY ? stored + " of " + writes : "-",
            c.condition() == TripCondition.MEMORY ? sizes : "-", p50(c, true), p50(c, false));
      }
    }
    String llmNote = context.llm() == null ? "Real-model arms skipped: run with --llm openai and OPENAI_API_KEY or "
        + "OPENAI_BASE_URL set. " : "Rows named by a real model ran through its API; their tokens in the cost table "
        + "are still the 4-characters estimate, the API's own counts are in the run's llm counters. ";
    String notes = llmNote + "Models nano-sim and mini-sim are simulated with the paper's habits: notes restates every requirement in every reply; "
        + "memory saves each requirement when stated, re-saves known ones in fresh wordings (up to five copies), stores "
        + "small talk as incidental details, and reads once through recall with k = 8 before answering. Tokens are "
        + "estimated at 4 characters each (real models count them). The paper's reading holds when misses appear "
        + "only in runs whose store outgrew k = 8: a read-policy failure, never a lost write.";
    return new ExperimentReport(id(), title(), List.of(
        new ExperimentReport.Section("Constraints recalled (of 5), mean [min-max] over " + REPEATS + " repeats, window "
            + WINDOW + " messages:", table),
        new ExperimentReport.Section("Cost and the store:", cost)), List.of(), notes, cells);
  }

  private static String range(Cell c) {
    int min = c.repeats().stream().mapToInt(TripSession.Outcome::recalled).min().orElse(0);
    int max = c.repeats().stream().mapToInt(TripSession.Outcome::recalled).max().orElse(0);
    double mean = c.repeats().stream().mapToInt(TripSession.Outcome::recalled).average().orElse(Double.NaN);
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
    return all.length == 0 ? "-" : String.format(Locale.ROOT, "%.1f us", NearestRank.percentile(all, 50) / 1e3);
  }
}
