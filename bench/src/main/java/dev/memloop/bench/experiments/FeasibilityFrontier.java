package dev.memloop.bench.experiments;

import dev.memloop.bench.report.Charts;
import dev.memloop.bench.report.Figure;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.timing.Units;
import java.util.List;
import java.util.Locale;

/**
 * Figure 2, the feasibility frontier: affordable in-loop retrievals per step, f_max = beta / (1 - beta) * r / c,
 * for per-step reasoning time r and per-retrieval cost c, at beta = 0.1, for three stacks. The in-process
 * costs are measured in this run; the network embedder's is measured when one is configured, else the paper's
 * 202 ms (labelled); the cloud store adds its 110 ms round trip.
 */
public final class FeasibilityFrontier implements Experiment {

  static final double BETA = 0.1;
  static final long CLOUD_STORE_RTT_NANOS = 110_000_000L;

  /** One stack: its cost per retrieval, f_max at r = 1 s, and the r at which it crosses f = 1. */
  public record Stack(String name, long costNanos, double fMaxAtOneSecond, double crossesOneAtSeconds, String paper) {}

  public record Records(StoreOps ops, String networkEmbedSource, List<Stack> stacks) {}

  @Override
  public boolean pricesNetworkEmbedding() {
    return true;
  }

  @Override
  public String id() {
    return "fig2";
  }

  @Override
  public String title() {
    return "Figure 2: the feasibility frontier";
  }

  static double fMax(double beta, double reasoningSeconds, double costSeconds) {
    if (!(beta > 0 && beta < 1) || !(reasoningSeconds > 0) || !(costSeconds > 0)) {
      throw new IllegalArgumentException("need 0 < beta < 1, r > 0, c > 0: " + beta + ", " + reasoningSeconds + ", "
          + costSeconds);
    }
    return beta / (1 - beta) * reasoningSeconds / costSeconds;
  }

  @Override
  public ExperimentReport run(ExperimentContext context) throws Exception {
    StoreOps ops = StoreOps.measure(context.embedder(), 1_000, context.size(2_000, 500), context.seed());
    long local = ops.embedP50() + ops.recallP50();
    long networkEmbed = context.networkEmbed().toNanos();
    List<Stack> stacks = List.of(stack("in-process store + local embedder", local, "c ~ 116 us, f_max ~ 953"),
        stack("in-process store + network embedder", networkEmbed + ops.recallP50(), "c ~ 202 ms, f_max ~ 0.55"),
        stack("cloud vector store + network embedder", networkEmbed + CLOUD_STORE_RTT_NANOS, "c ~ 312 ms, f_max ~ 0.36"));
    TextTable table = new TextTable("stack", "cost per retrieval c", "f_max at r = 1 s", "crosses f = 1 at r =", "paper");
    for (Stack s : stacks) {
      table.row(s.name(), Units.time(s.costNanos()), String.format(Locale.ROOT, "%,.2f", s.fMaxAtOneSecond()),
          String.format(Locale.ROOT, "%.4f s", s.crossesOneAtSeconds()), s.paper());
    }
    double[] r = new double[41];
    for (int i = 0; i < r.length; i++) {
      r[i] = Math.pow(10, -1 + i * 0.05); // 0.1 s to 10 s
    }
    Charts chart = Charts.line("Figure 2: affordable in-loop retrievals per step (beta = 0.1)",
        "per-step reasoning time r (s, log)", "f_max (log)").logX().logY();
    for (Stack s : stacks) {
      double[] f = new double[r.length];
      for (int i = 0; i < r.length; i++) {
        f[i] = fMax(BETA, r[i], s.costNanos() / 1e9);
      }
      chart.series(s.name(), r, f);
    }
    chart.reference("f = 1 (the cliff)", new double[] {r[0], r[r.length - 1]}, new double[] {1, 1});
    chart.caption("f_max = beta/(1-beta) r/c for each stack, our costs measured in this run (the network embedder's: "
        + context.networkEmbedSource() + "). The paper draws the same curves from its own costs; its values at r = 1 s "
        + "are in the table beside ours, not on the figure, because they are analytic from c.");
    Figure file = chart.write(context.directory(), "fig2.png");
    String notes = String.format(Locale.ROOT, "Local cost measured here: embed p50 %.1f us + top-8 recall at 1,000 "
        + "items p50 %.1f us. Network embedder: %s. The cloud store adds a 110 ms round trip.", ops.embedP50() / 1e3,
        ops.recallP50() / 1e3, context.networkEmbedSource());
    return new ExperimentReport(id(), title(), List.of(new ExperimentReport.Section(
        "f_max = beta/(1-beta) * r/c at beta = 0.1:", table)), List.of(file), notes,
        new Records(ops, context.networkEmbedSource(), stacks));
  }

  private static Stack stack(String name, long costNanos, String paper) {
    double c = costNanos / 1e9;
    return new Stack(name, costNanos, fMax(BETA, 1, c), c * (1 - BETA) / BETA, paper);
  }
}
