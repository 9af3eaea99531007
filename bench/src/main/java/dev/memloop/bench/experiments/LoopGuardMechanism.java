package dev.memloop.bench.experiments;

import dev.memloop.bench.report.Charts;
import dev.memloop.bench.report.Figure;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.NearestRank;
import dev.memloop.memory.timing.Units;
import dev.memloop.workloads.actions.ActionStream;
import dev.memloop.workloads.actions.ActionStreamSpec;
import dev.memloop.workloads.actions.ActionStreams;
import dev.memloop.workloads.actions.CandidateAction;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Figure 5, the deterministic loop guard: a scripted agent, S = 20 candidate actions per turn, half exact
 * repeats, under a per-turn memory budget B. The guards afforded follow the paper's rule for this panel,
 * floor(B / op) capped at S for op = the measured in-process guard (embed + match) plus the rung's round trip,
 * and run, earliest steps first, against a real store; the rest run unguarded. Delays are priced, not slept:
 * this panel is the arithmetic made visible.
 */
public final class LoopGuardMechanism implements Experiment {

  static final int S = 20;
  static final long[] RUNGS_MS = {0, 1, 5, 30, 110, 200};
  static final long[] BUDGETS_MS = {25, 50, 100, 200, 400};
  static final long OPERATING_BUDGET_MS = 100;
  static final double THRESHOLD = 0.999; // exact repeats: similarity 1

  /** Paper, B = 100 ms: duplicates executed (of 10) per rung, and guards afforded. */
  static final Map<Long, String> PAPER = Map.of(0L, "0 (20 guards)", 1L, "0 (20)", 5L, "0.8 [0-1] (19)",
      30L, "9.7 [8-10] (3)", 110L, "10 (0)", 200L, "10 (0)");

  /** The paper's mean at each rung, in {@link #RUNGS_MS} order. */
  static double[] paperMeans(int rungs) {
    double[] out = new double[rungs];
    for (int r = 0; r < rungs; r++) {
      out[r] = PaperCells.leadingNumber(PAPER.get(RUNGS_MS[r]));
    }
    return out;
  }

  /** One cell: a rung under a budget, over the shuffles. */
  public record Cell(long rttMillis, long budgetMillis, int afforded, double mean, int min, int max) {}

  public record Records(long opNanos, int shuffles, List<Cell> cells) {}

  @Override
  public String id() {
    return "fig5";
  }

  @Override
  public String title() {
    return "Figure 5: the deterministic loop guard under a fixed memory budget";
  }

  @Override
  public ExperimentReport run(ExperimentContext context) throws Exception {
    int shuffles = context.size(25, 5);
    Embedder embedder = context.embedder();
    List<ActionStream> streams = new ArrayList<>();
    for (int s = 0; s < shuffles; s++) {
      streams.add(ActionStreams.generate(new ActionStreamSpec(1, S, S / 2), context.seed() + s));
    }
    long op = measureOp(embedder, streams);
    List<Cell> cells = new ArrayList<>();
    for (long budget : BUDGETS_MS) {
      for (long rtt : RUNGS_MS) {
        int afforded = afforded(budget * 1_000_000, op + rtt * 1_000_000);
        int[] executed = new int[shuffles];
        for (int s = 0; s < shuffles; s++) {
          executed[s] = redundantExecuted(embedder, streams.get(s).actions(), afforded);
        }
        cells.add(cell(rtt, budget, afforded, executed));
      }
    }
    return report(context, op, shuffles, cells);
  }

  /** floor(B / op), capped at S. */
  static int afforded(long budgetNanos, long opNanos) {
    if (opNanos <= 0) {
      throw new IllegalArgumentException("a lookup costs > 0 ns: " + opNanos);
    }
    return (int) Math.min(S, budgetNanos / opNanos);
  }

  /** Runs one turn: the first {@code guarded} steps check the store; every executed action is written. */
  static int redundantExecuted(Embedder embedder, List<CandidateAction> actions, int guarded) {
    try (WorkingMemory memory = WorkingMemory.builder(embedder).build()) {
      Set<String> executed = new HashSet<>();
      int redundant = 0;
      for (int step = 0; step < actions.size(); step++) {
        String line = actions.get(step).line();
        if (step < guarded && memory.seen(line, THRESHOLD)) {
          continue; // blocked
        }
        if (!executed.add(line)) {
          redundant++;
        }
        memory.add(line);
      }
      return redundant;
    }
  }

  /** The in-process guard's cost (embed + match): nearest-rank median of the measured rounds, after warm-up ones. */
  private static long measureOp(Embedder embedder, List<ActionStream> streams) {
    List<Long> costs = new ArrayList<>();
    for (int round = 0; round < 30; round++) {
      for (ActionStream stream : streams) {
        try (WorkingMemory memory = WorkingMemory.builder(embedder).build()) {
          for (CandidateAction a : stream.actions()) {
            long start = System.nanoTime();
            memory.seen(a.line(), THRESHOLD);
            long cost = System.nanoTime() - start;
            if (round >= 20) { // rounds 0-19 warm the path
              costs.add(cost);
            }
            memory.add(a.line());
          }
        }
      }
    }
    return NearestRank.of(costs, 0.50);
  }

  private static Cell cell(long rtt, long budget, int afforded, int[] executed) {
    int min = Integer.MAX_VALUE, max = Integer.MIN_VALUE;
    double sum = 0;
    for (int e : executed) {
      min = Math.min(min, e);
      max = Math.max(max, e);
      sum += e;
    }
    return new Cell(rtt, budget, afforded, sum / executed.length, min, max);
  }

  private ExperimentReport report(ExperimentContext context, long op, int shuffles, List<Cell> cells) throws Exception {
    TextTable left = new TextTable("rung", "guards afforded", "duplicates executed (of 10)", "guarding all 20 costs",
        "paper");
    List<Cell> operating = cells.stream().filter(c -> c.budgetMillis() == OPERATING_BUDGET_MS).toList();
    for (Cell c : operating) {
      long all = S * (op + c.rttMillis() * 1_000_000);
      left.row(rung(c.rttMillis()), c.afforded(), String.format(Locale.ROOT, "%.1f [%d-%d]", c.mean(), c.min(), c.max()),
          Units.time(all),
          PAPER.get(c.rttMillis()));
    }
    String[] header = new String[RUNGS_MS.length + 1];
    header[0] = "budget";
    for (int r = 0; r < RUNGS_MS.length; r++) {
      header[r + 1] = rung(RUNGS_MS[r]);
    }
    TextTable grid = new TextTable(header);
    for (long budget : BUDGETS_MS) {
      Object[] row = new Object[RUNGS_MS.length + 1];
      row[0] = budget + " ms";
      for (int r = 0; r < RUNGS_MS.length; r++) {
        long rtt = RUNGS_MS[r];
        Cell c = cells.stream().filter(x -> x.budgetMillis() == budget && x.rttMillis() == rtt).findFirst().orElseThrow();
        row[r + 1] = String.format(Locale.ROOT, "%.1f", c.mean());
      }
      grid.row(row);
    }
    double[] x = new double[RUNGS_MS.length];
    for (int r = 0; r < RUNGS_MS.length; r++) {
      x[r] = Math.max(RUNGS_MS[r], op / 1e6); // in-process at its measured op, so that a log axis can show it
    }
    Figure leftChart = Charts.line("Figure 5 (left): duplicates executed, B = 100 ms", "store latency per lookup (ms, log)",
        "duplicates executed (of 10)").logX()
        .series("ours, mean", x, operating.stream().mapToDouble(Cell::mean).toArray(),
            operating.stream().mapToDouble(Cell::min).toArray(), operating.stream().mapToDouble(Cell::max).toArray())
        .paper("paper, mean", x, paperMeans(x.length))
        .caption("Duplicates executed of 10 under a per-turn memory budget of 100 ms, by the store's per-lookup "
            + "latency (in-process at its measured op), " + shuffles + " workload shuffles per rung.")
        .write(context.directory(), "fig5-left.png");
    Charts right = Charts.line("Figure 5 (right): mean duplicates across the budget grid", "store latency per lookup (ms, log)",
        "duplicates executed (of 10)").logX().nested().caption("Mean duplicates executed of 10 for each per-turn "
        + "budget B, by the store's per-lookup latency; several budgets give the same counts at the ends of the ladder.");
    for (long budget : BUDGETS_MS) {
      right.series("B = " + budget + " ms", x, cells.stream().filter(c -> c.budgetMillis() == budget)
          .mapToDouble(Cell::mean).toArray());
    }
    Figure rightChart = right.write(context.directory(), "fig5-right.png");
    String notes = String.format(Locale.ROOT, "Measured in-process guard (embed + match, default static embedder): "
        + "%.1f us p50 (the paper: 17.5 us). %d workload shuffles per cell (the paper: 25). Guards afforded = "
        + "floor(B / (op + RTT)) capped at 20, earliest steps first; round trips are priced, not slept, as in the "
        + "paper's panel. Every guard that runs is a real lookup in a real store.", op / 1e3, shuffles);
    return new ExperimentReport(id(), title(), List.of(
        new ExperimentReport.Section("B = 100 ms, mean [min-max] over shuffles:", left),
        new ExperimentReport.Section("Mean duplicates executed across budgets (rows) and rungs (columns):", grid)),
        List.of(leftChart, rightChart), notes, new Records(op, shuffles, cells));
  }

  static String rung(long rttMillis) {
    return rttMillis == 0 ? "in-process" : "+" + rttMillis + " ms";
  }
}
