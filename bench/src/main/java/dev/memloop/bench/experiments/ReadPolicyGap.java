package dev.memloop.bench.experiments;

import dev.memloop.bench.report.Charts;
import dev.memloop.bench.report.Figure;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.memory.embed.EmbeddingQuality;
import dev.memloop.runtime.config.EmbedderNames;
import dev.memloop.workloads.trip.DurableFacts;
import dev.memloop.workloads.trip.TripConstraint;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Closing Table 1's gap: the paper's memory agents missed constraints the store held, because they re-saved them
 * in fresh wordings and read once through k = 8. The trip task with the simulated model's habits, 5, 10 and 20
 * durable facts, 1 to 5 copies of each; facts recalled (mean [min-max] over 5 seeds) with the fixed k = 8, with
 * DedupOnWrite, with AdaptiveRecall, and with both; for the distilled static embedder and for MiniLM in process.
 * The dedup threshold is calibrated per embedder on held-out facts.
 */
public final class ReadPolicyGap implements Experiment {

  static final int[] FACTS = {5, 10, 20};
  static final int MAX_COPIES = 5;
  static final int SEEDS = 5;

  public record Cell(String embedder, int facts, int copies, String policy, List<Integer> recalled) {
    double mean() {
      return recalled.stream().mapToInt(Integer::intValue).average().orElse(Double.NaN);
    }
  }

  public record Records(List<Double> thresholds, List<Cell> cells) {}

  /** The real-model arm's calls, for the estimate printed before a run. */
  public static LlmRun.Estimate estimate() {
    return ReadPolicyLlm.estimate();
  }

  @Override
  public String id() {
    return "gap";
  }

  @Override
  public String title() {
    return "Closing Table 1's gap: dedup-on-write and adaptive recall against near-duplicate crowding";
  }

  @Override
  public ExperimentReport run(ExperimentContext context) throws Exception {
    List<Cell> cells = new ArrayList<>();
    List<Double> thresholds = new ArrayList<>();
    List<Figure> charts = new ArrayList<>();
    List<ExperimentReport.Section> sections = new ArrayList<>();
    for (String name : List.of(context.embedderName(), "minilm")) {
      context.progress("gap: " + name + ", 3 fact counts x 5 copy counts x 4 policies x " + SEEDS + " seeds");
      Embedder embedder = Embedders.cached(EmbedderNames.resolve(name), Integer.MAX_VALUE);
      double threshold = dedupThreshold(embedder);
      thresholds.add(threshold);
      TextTable table = new TextTable("facts", "policy", "1 copy", "2 copies", "3 copies", "4 copies", "5 copies");
      for (int facts : FACTS) {
        for (ReadPolicySession.Policy policy : ReadPolicySession.Policy.values()) {
          List<Object> row = new ArrayList<>(List.of(facts, policy.label));
          for (int copies = 1; copies <= MAX_COPIES; copies++) {
            List<Integer> recalled = new ArrayList<>();
            for (int s = 0; s < SEEDS; s++) {
              long seed = context.seed() + s;
              recalled.add(ReadPolicySession.recalled(DurableFacts.draw(facts, seed), copies, policy, embedder,
                  threshold, seed));
            }
            Cell cell = new Cell(name, facts, copies, policy.label, recalled);
            cells.add(cell);
            row.add(range(cell));
          }
          table.row(row.toArray());
        }
      }
      sections.add(new ExperimentReport.Section(String.format(Locale.ROOT, "Facts recalled with the %s embedder "
          + "(dedup and copy threshold %.3f, calibrated on held-out facts), mean [min-max] over %d seeds:", name,
          threshold, SEEDS), table));
      charts.add(chart(context, name, cells));
    }
    String llmNote = "Real-model arm skipped: run with --llm openai and OPENAI_API_KEY or OPENAI_BASE_URL set. ";
    if (context.llm() != null) {
      Embedder embedder = Embedders.cached(context.embedder(), Integer.MAX_VALUE);
      List<Cell> llmCells = ReadPolicyLlm.run(context, embedder, dedupThreshold(embedder));
      cells.addAll(llmCells);
      llmNote = ReadPolicyLlm.describe(llmCells);
    }
    return new ExperimentReport(id(), title(), sections, charts, llmNote + notes(cells), new Records(thresholds, cells));
  }

  /** Youden's split between wordings of one held-out fact and wordings of two different ones. */
  static double dedupThreshold(Embedder embedder) {
    List<TripConstraint> held = DurableFacts.calibration();
    List<Double> same = new ArrayList<>();
    List<Double> different = new ArrayList<>();
    for (int a = 0; a < held.size(); a++) {
      List<String> wa = wordings(held.get(a));
      for (int b = a; b < held.size(); b++) {
        List<String> wb = wordings(held.get(b));
        for (int i = 0; i < wa.size(); i++) {
          for (int j = a == b ? i + 1 : 0; j < wb.size(); j++) {
            (a == b ? same : different).add(EmbeddingQuality.cosine(embedder.embed(wa.get(i)),
                embedder.embed(wb.get(j))));
          }
        }
      }
    }
    return SimilaritySplit.threshold(same, different);
  }

  private static List<String> wordings(TripConstraint fact) {
    List<String> all = new ArrayList<>(List.of(fact.statement()));
    all.addAll(fact.rewordings());
    return all;
  }

  private static Figure chart(ExperimentContext context, String embedder, List<Cell> cells) throws Exception {
    Charts chart = Charts.line("Facts recalled of 20, " + embedder + " embedder", "copies per fact", "facts recalled")
        .dodge().caption("Facts recalled of 20 by one read, as each fact is stored in 1-5 near-duplicate copies, one "
            + "line per read policy (simulated trip agent, " + embedder + " embedder). A study the paper leaves open.");
    // the five policies' lines over copies 1..5
    double[] x = {1, 2, 3, 4, 5};
    for (ReadPolicySession.Policy policy : ReadPolicySession.Policy.values()) {
      double[] y = new double[MAX_COPIES];
      for (Cell c : cells) {
        if (c.embedder().equals(embedder) && c.facts() == 20 && c.policy().equals(policy.label)) {
          y[c.copies() - 1] = c.mean();
        }
      }
      chart.series(policy.label, x, y);
    }
    return chart.write(context.directory(), "gap-" + embedder.replaceAll("[^A-Za-z0-9-]", "_") + ".png");
  }

  private static String notes(List<Cell> cells) {
    double fixedFive = meanOf(cells, 5, 5, "fixed k = 8");
    double bothFive = meanOf(cells, 5, 5, "both");
    double fixedTwenty = meanOf(cells, 20, 3, "fixed k = 8");
    double bothTwenty = meanOf(cells, 20, 3, "both");
    double controlTwenty = meanOf(cells, 20, 5, "fixed k = 24 (control)");
    double adaptiveTwenty = meanOf(cells, 20, 5, "AdaptiveRecall");
    boolean closes = bothFive >= fixedFive && bothTwenty > fixedTwenty;
    String verdict = closes
        ? "This supports the paper's reading of its Table 1 misses as read-policy failures: the store held the facts, "
            + "and a read that near-duplicates cannot crowd returns them."
        : "This does not support the paper's reading here: the patterns did not close the gap on these sessions.";
    return String.format(Locale.ROOT, "Averaged over both embedders: with 5 facts saved 5 times each, the fixed "
        + "k = 8 read recalls %.1f and both patterns %.1f; with 20 facts saved 3 times each, %.1f against %.1f. "
        + "%s The simulated agent reads once with the paper's query; the answer is what the read returns, graded by "
        + "the facts' keywords. The adaptive read returns up to 24 notes (k = the memory's size, at least 8), so part "
        + "of its gain is the larger window; the control reads the same 24 without diversity: at 20 facts saved 5 "
        + "times it recalls %.1f where the adaptive read recalls %.1f, and that difference is the near-duplicates' "
        + "crowding.", fixedFive, bothFive, fixedTwenty, bothTwenty, verdict, controlTwenty, adaptiveTwenty);
  }

  private static double meanOf(List<Cell> cells, int facts, int copies, String policy) {
    return cells.stream().filter(c -> c.facts() == facts && c.copies() == copies && c.policy().equals(policy))
        .mapToDouble(Cell::mean).average().orElse(Double.NaN);
  }

  private static String range(Cell c) {
    int min = c.recalled().stream().mapToInt(Integer::intValue).min().orElse(0);
    int max = c.recalled().stream().mapToInt(Integer::intValue).max().orElse(0);
    return String.format(Locale.ROOT, "%.1f [%d-%d]", c.mean(), min, max);
  }
}
