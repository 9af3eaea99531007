package dev.memloop.bench.experiments;

import dev.memloop.bench.report.Charts;
import dev.memloop.bench.report.Figure;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.runtime.config.EmbedderNames;
import dev.memloop.runtime.patterns.GroundingCheck;
import dev.memloop.runtime.patterns.NoveltyCheck;
import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import dev.memloop.workloads.alerts.AlertWorkloads;
import dev.memloop.workloads.trip.DurableFacts;
import dev.memloop.workloads.trip.TripConstraint;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Novelty and grounding on seeded streams with known answers. Novelty: the triage alert streams, whose repeats
 * (an earlier incident in other words) the workload's truth names; every alert goes through a NoveltyCheck.
 * Grounding: the durable facts' statements as sources, and as claims the other wordings of those facts
 * (supported) and of as many facts not in the sources (unsupported). Precision, recall and the per-step cost at a
 * threshold chosen on held-out data, and the precision-recall curve over thresholds.
 */
public final class NoveltyGrounding implements Experiment {

  static final double[] SWEEP = {0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95};
  static final long HELD_OUT = 1_000_000L;

  /** Precision and recall of the positive verdict (repeat, grounded) at one threshold, and the cost per check. */
  public record Point(String check, String embedder, double threshold, boolean chosen, double precision, double recall,
      double nanosPerCheck) {}

  @Override
  public String id() {
    return "novelty";
  }

  @Override
  public String title() {
    return "Novelty and grounding checks: precision, recall and cost on seeded streams";
  }

  @Override
  public ExperimentReport run(ExperimentContext context) throws Exception {
    int streams = context.size(20, 8);
    List<Point> points = new ArrayList<>();
    for (String name : List.of(context.embedderName(), "minilm")) {
      context.progress("novelty: " + name);
      Embedder uncached = EmbedderNames.resolve(name);
      // the sweeps embed each text once (unbounded, as the studies always cached)
      Embedder embedder = Embedders.cached(uncached, Integer.MAX_VALUE);
      double novelty = best(embedder, true, context.seed() + HELD_OUT, streams);
      double grounding = best(embedder, false, context.seed() + HELD_OUT, streams);
      for (double t : SWEEP) {
        points.add(novelty(embedder, name, t, false, context.seed(), streams));
        points.add(grounding(embedder, name, t, false, context.seed(), streams));
      }
      // the reported cost embeds every text as a step would: without the cache
      points.add(novelty(uncached, name, novelty, true, context.seed(), streams));
      points.add(grounding(uncached, name, grounding, true, context.seed(), streams));
    }
    TextTable chosen = new TextTable("check", "embedder", "threshold (held-out)", "precision", "recall", "us per check");
    for (Point p : points) {
      if (p.chosen()) {
        chosen.row(p.check(), p.embedder(), f3(p.threshold()), f3(p.precision()), f3(p.recall()),
            String.format(Locale.ROOT, "%.1f", p.nanosPerCheck() / 1e3));
      }
    }
    TextTable sweep = new TextTable("check", "embedder", "threshold", "precision", "recall");
    for (Point p : points) {
      if (!p.chosen()) {
        sweep.row(p.check(), p.embedder(), f3(p.threshold()), f3(p.precision()), f3(p.recall()));
      }
    }
    List<Figure> charts = new ArrayList<>();
    for (String check : List.of("novelty", "grounding")) {
      Charts chart = Charts.line("Precision and recall of the " + check + " check over thresholds " + SWEEP[0] + "-"
          + SWEEP[SWEEP.length - 1], "recall", "precision").caption("Precision against recall of the " + check
          + " check as its threshold sweeps " + SWEEP[0] + "-" + SWEEP[SWEEP.length - 1] + " on seeded streams, per "
          + "embedder. A study the paper leaves open: no paper values exist.");
      for (String name : List.of(context.embedderName(), "minilm")) {
        List<Point> curve = points.stream().filter(p -> !p.chosen() && p.check().equals(check)
            && p.embedder().equals(name)).toList();
        chart.series(name, curve.stream().mapToDouble(Point::recall).toArray(),
            curve.stream().mapToDouble(Point::precision).toArray());
      }
      charts.add(chart.write(context.directory(), "novelty-" + check + ".png"));
    }
    return new ExperimentReport(id(), title(), List.of(
        new ExperimentReport.Section("At the threshold chosen on held-out streams (best F1), on " + streams
            + " test streams each:", chosen),
        new ExperimentReport.Section("Over thresholds:", sweep)), charts, notes(points), points);
  }

  /** The threshold of best F1 on held-out streams. */
  static double best(Embedder embedder, boolean novelty, long seed, int streams) {
    double best = SWEEP[0];
    double bestF1 = -1;
    for (double t = 0.3; t <= 0.99; t += 0.01) {
      Point p = novelty ? novelty(embedder, "", t, false, seed, streams) : grounding(embedder, "", t, false, seed, streams);
      double f1 = p.precision() + p.recall() == 0 ? 0 : 2 * p.precision() * p.recall() / (p.precision() + p.recall());
      if (f1 > bestF1) {
        bestF1 = f1;
        best = t;
      }
    }
    return best;
  }

  static Point novelty(Embedder embedder, String name, double threshold, boolean chosen, long seed, int streams) {
    long truePositives = 0;
    long flagged = 0;
    long repeats = 0;
    long nanos = 0;
    long checks = 0;
    for (int s = 0; s < streams; s++) {
      AlertWorkload w = AlertWorkloads.generate(AlertWorkloadSpec.DEFAULT, seed + s);
      try (WorkingMemory seen = WorkingMemory.builder(embedder).build()) {
        NoveltyCheck check = new NoveltyCheck(seen, embedder, threshold);
        for (int i = 0; i < w.alerts().size(); i++) {
          long start = System.nanoTime();
          boolean repeat = !check.observe(w.alerts().get(i).text()).novel();
          nanos += System.nanoTime() - start;
          checks++;
          boolean truth = w.truths().get(i).duplicateOf() >= 0;
          repeats += truth ? 1 : 0;
          flagged += repeat ? 1 : 0;
          truePositives += repeat && truth ? 1 : 0;
        }
      }
    }
    return new Point("novelty", name, threshold, chosen, ratio(truePositives, flagged), ratio(truePositives, repeats),
        nanos / (double) checks);
  }

  static Point grounding(Embedder embedder, String name, double threshold, boolean chosen, long seed, int streams) {
    long truePositives = 0;
    long grounded = 0;
    long supported = 0;
    long nanos = 0;
    long checks = 0;
    for (int s = 0; s < streams; s++) {
      List<TripConstraint> facts = DurableFacts.draw(20, seed + s);
      try (WorkingMemory sources = WorkingMemory.builder(embedder).build()) {
        for (TripConstraint fact : facts.subList(0, 10)) {
          sources.add(fact.statement());
        }
        GroundingCheck check = new GroundingCheck(sources, embedder, threshold, 3);
        for (int f = 0; f < facts.size(); f++) {
          boolean truth = f < 10;
          for (String claim : facts.get(f).rewordings()) {
            long start = System.nanoTime();
            boolean isGrounded = check.check(claim).grounded();
            nanos += System.nanoTime() - start;
            checks++;
            supported += truth ? 1 : 0;
            grounded += isGrounded ? 1 : 0;
            truePositives += isGrounded && truth ? 1 : 0;
          }
        }
      }
    }
    return new Point("grounding", name, threshold, chosen, ratio(truePositives, grounded), ratio(truePositives, supported),
        nanos / (double) checks);
  }

  private static double ratio(long a, long b) {
    return b == 0 ? 0 : a / (double) b;
  }

  private static String notes(List<Point> points) {
    StringBuilder out = new StringBuilder();
    for (Point p : points) {
      if (p.chosen()) {
        out.append(String.format(Locale.ROOT, "%s with %s: precision %.2f, recall %.2f at %.2f, %.1f us per check. ",
            p.check(), p.embedder(), p.precision(), p.recall(), p.threshold(), p.nanosPerCheck() / 1e3));
      }
    }
    double bestNovelty = points.stream().filter(p -> p.chosen() && p.check().equals("novelty"))
        .mapToDouble(p -> Math.min(p.precision(), p.recall())).max().orElse(0);
    double bestGrounding = points.stream().filter(p -> p.chosen() && p.check().equals("grounding"))
        .mapToDouble(p -> Math.min(p.precision(), p.recall())).max().orElse(0);
    double staticMicros = points.stream().filter(p -> p.chosen() && !p.embedder().equals("minilm"))
        .mapToDouble(p -> p.nanosPerCheck() / 1e3).max().orElse(Double.NaN);
    out.append(String.format(Locale.ROOT, "The paper expects both checks to be affordable on every step: with the "
        + "static embedder each costs at most %.0f us in process, embedding included; with MiniLM the transformer's "
        + "embedding makes it milliseconds. %s %s The costs are measured here, not "
        + "asserted; the alert repeats are the same incidents in other words, the hard case for a lexical static "
        + "embedder.", staticMicros, bestGrounding >= 0.8
            ? "Grounding separates supported from unsupported claims well (both precision and recall at least 0.8), "
                + "which supports the paper's proposal of grounding claims as they are produced."
            : "Grounding does not reach 0.8 in both precision and recall here, which does not support the paper's "
                + "proposal without a better embedder or threshold.",
        bestNovelty >= 0.8
            ? "Novelty checks on raw observations work as well."
            : "Novelty on raw alert prose is weaker (the better embedder's min(precision, recall) is "
                + String.format(Locale.ROOT, "%.2f", bestNovelty) + "): the same incident reworded is harder to see "
                + "than a repeated action line, so the guard's normalised action lines remain the better key."));
    return out.toString();
  }

  private static String f3(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
