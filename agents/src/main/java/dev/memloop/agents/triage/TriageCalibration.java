package dev.memloop.agents.triage;

import dev.memloop.memory.Embedder;
import dev.memloop.runtime.GuardCalibration;
import dev.memloop.runtime.identity.IdentifierExtractor;
import dev.memloop.memory.timing.NearestRank;
import dev.memloop.workloads.alerts.AlertTruth;
import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import dev.memloop.workloads.alerts.AlertWorkloads;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Chooses the guard's match threshold on the held-out workload seeds (paper §5.1): every alert's extracted
 * action line is matched against the lines of all earlier alerts, as a store holding every earlier action
 * would answer; a best match at or above the threshold calls it a duplicate. The grid runs from 0.800 to
 * 0.999 in steps of 0.001 and keeps the F1-best value, ties to the higher threshold. Deterministic for an
 * embedder; {@link #threshold} memoizes it per embedder name, so agents read a calibrated value, never a
 * constant.
 */
public final class TriageCalibration {

  private static final Map<String, CalibrationResult> CACHE = new ConcurrentHashMap<>();

  private TriageCalibration() {}

  /** The calibrated threshold for {@code embedder}, calibrating on first use. */
  public static double threshold(Embedder embedder) {
    return CACHE.computeIfAbsent(embedder.name(), name -> calibrate(embedder, AlertWorkloadSpec.DEFAULT)).threshold();
  }

  public static CalibrationResult calibrate(Embedder embedder, AlertWorkloadSpec spec) {
    List<double[]> lineScores = new ArrayList<>(); // {best similarity to an earlier line, 1 if a duplicate}
    List<Double> sameTemplateOther = new ArrayList<>();
    List<Double> rewordings = new ArrayList<>();
    List<double[]> proseScores = new ArrayList<>();
    for (int w = 0; w < TriageWorkloads.HELD_OUT_COUNT; w++) {
      AlertWorkload workload = AlertWorkloads.generate(spec, TriageWorkloads.HELD_OUT_FIRST + w);
      int n = workload.alerts().size();
      float[][] lines = new float[n][];
      float[][] prose = new float[n][];
      for (int i = 0; i < n; i++) {
        String text = workload.alerts().get(i).text();
        lines[i] = embedder.embed(AlertReader.actionLine(text).orElse(text));
        prose[i] = embedder.embed(text);
      }
      for (int i = 1; i < n; i++) {
        AlertTruth truth = workload.truths().get(i);
        double bestLine = Double.NEGATIVE_INFINITY;
        double bestProse = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < i; j++) {
          bestLine = Math.max(bestLine, cosine(lines[i], lines[j]));
          double p = cosine(prose[i], prose[j]);
          bestProse = Math.max(bestProse, p);
          AlertTruth other = workload.truths().get(j);
          boolean sameIncident = other.actionLine().equals(truth.actionLine());
          if (!sameIncident && other.template() == truth.template()) {
            sameTemplateOther.add(p);
          }
          if (sameIncident && j == truth.duplicateOf()) {
            rewordings.add(p);
          }
        }
        lineScores.add(new double[] {bestLine, truth.isDuplicate() ? 1 : 0});
        proseScores.add(new double[] {bestProse, truth.isDuplicate() ? 1 : 0});
      }
    }
    Grid best = Grid.search(lineScores);
    CalibrationResult.IdentityFinding identity = identityFinding(embedder, spec, best.threshold);
    CalibrationResult.ProseFinding prose = new CalibrationResult.ProseFinding(max(sameTemplateOther),
        median(sameTemplateOther), median(rewordings), min(rewordings), Grid.search(proseScores).f1);
    double worstImpostor = lineScores.stream().filter(s -> s[1] == 0).mapToDouble(s -> s[0]).max().orElse(Double.NaN);
    double weakest = lineScores.stream().filter(s -> s[1] == 1).mapToDouble(s -> s[0]).min().orElse(Double.NaN);
    int positives = (int) lineScores.stream().filter(s -> s[1] == 1).count();
    return new CalibrationResult(embedder.name(), TriageWorkloads.HELD_OUT_COUNT, positives,
        lineScores.size() - positives, best.threshold, best.f1, best.precision, best.recall, worstImpostor, weakest, prose,
        identity);
  }

  /**
   * The same lines as the identity-aware guard compares them, at {@code threshold}: each alert's line against the
   * earlier ones of its identity, by the meaning of its other words. Twice: word values ({@code sig=ssh-bruteforce})
   * as words (the default extractor), and as identifiers (a pattern ahead of the default).
   */
  private static CalibrationResult.IdentityFinding identityFinding(Embedder embedder, AlertWorkloadSpec spec,
      double threshold) {
    IdentifierExtractor words = IdentifierExtractor.standard();
    IdentifierExtractor values = IdentifierExtractor.pattern("word values", java.util.regex.Pattern.compile(
        "\\b[A-Za-z_][\\w.-]*=([A-Za-z][A-Za-z-]*)\\b"), v -> v.toLowerCase(java.util.Locale.ROOT)).andThen(words);
    Grid asWords = Grid.at(identityScores(embedder, spec, words), threshold);
    Grid asIds = Grid.at(identityScores(embedder, spec, values), threshold);
    return new CalibrationResult.IdentityFinding(asWords.f1, asWords.precision, asWords.recall, asIds.f1,
        asIds.precision, asIds.recall);
  }

  private static List<double[]> identityScores(Embedder embedder, AlertWorkloadSpec spec,
      IdentifierExtractor extractor) {
    List<double[]> scores = new ArrayList<>();
    for (int w = 0; w < TriageWorkloads.HELD_OUT_COUNT; w++) {
      AlertWorkload workload = AlertWorkloads.generate(spec, TriageWorkloads.HELD_OUT_FIRST + w);
      int n = workload.alerts().size();
      String[] lines = new String[n];
      for (int i = 0; i < n; i++) {
        String text = workload.alerts().get(i).text();
        lines[i] = AlertReader.actionLine(text).orElse(text);
      }
      for (int i = 1; i < n; i++) {
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < i; j++) {
          bestScore = Math.max(bestScore, GuardCalibration.score(lines[i], lines[j], embedder, extractor));
        }
        scores.add(new double[] {bestScore, workload.truths().get(i).isDuplicate() ? 1 : 0});
      }
    }
    return scores;
  }

  /** The F1-best threshold of a grid over scored, labelled examples. */
  private record Grid(double threshold, double f1, double precision, double recall) {
    static Grid search(List<double[]> scored) {
      Grid best = null;
      for (int step = 800; step <= 999; step++) {
        Grid at = at(scored, step / 1000.0);
        if (best == null || at.f1 >= best.f1) { // ascending grid: ">=" lets ties go to the higher threshold
          best = at;
        }
      }
      return best;
    }

    /** What calling every example at or above {@code t} a duplicate scores. */
    static Grid at(List<double[]> scored, double t) {
      int tp = 0, fp = 0, fn = 0;
      for (double[] s : scored) {
        boolean called = s[0] >= t;
        boolean duplicate = s[1] == 1;
        tp += called && duplicate ? 1 : 0;
        fp += called && !duplicate ? 1 : 0;
        fn += !called && duplicate ? 1 : 0;
      }
      double precision = tp + fp == 0 ? 0 : (double) tp / (tp + fp);
      double recall = tp + fn == 0 ? 0 : (double) tp / (tp + fn);
      double f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
      return new Grid(t, f1, precision, recall);
    }
  }

  static double cosine(float[] a, float[] b) {
    double dot = 0, na = 0, nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += (double) a[i] * b[i];
      na += (double) a[i] * a[i];
      nb += (double) b[i] * b[i];
    }
    return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
  }

  private static double max(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }

  private static double min(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  private static double median(List<Double> values) {
    return NearestRank.median(values.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
