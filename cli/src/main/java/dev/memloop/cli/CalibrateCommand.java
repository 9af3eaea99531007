package dev.memloop.cli;

import dev.memloop.cli.command.EmbedderOption;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.agents.triage.CalibrationResult;
import dev.memloop.agents.triage.TriageCalibration;
import dev.memloop.agents.triage.TriageWorkloads;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.runtime.GuardCalibration;
import dev.memloop.runtime.GuardPair;
import dev.memloop.runtime.GuardPairs;
import dev.memloop.runtime.config.EmbedderChoice;
import dev.memloop.runtime.config.EmbedderNames;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop calibrate}: the action guard's threshold on pairs of action lines, and the paper's triage one. */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
    description = {"Fits the action guard's threshold to pairs of action lines as the guard compares them (identifiers "
        + "exactly, the other words by meaning): the lowest threshold of 0.000-1.000 whose false blocks (different acts "
        + "blocked) stay within 0.5%%, printed with its false blocks and misses and the confusion at each candidate. On "
        + "memloop's own adversarial set by default (what the default embedder's shipped threshold is fitted on), or "
        + "on --pairs FILE, a CSV of a,b,same.",
        "Then the paper's triage calibration (§5.1) on the 20 held-out workload seeds: the F1-best threshold over "
        + "0.800-0.999 on extracted action lines, and why the guard matches action lines and not raw alert prose."})
final class CalibrateCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  private EmbedderOption embedder;

  @Option(names = "--pairs", paramLabel = "FILE", description = "A CSV of a,b,same (same: true or false), one pair a "
      + "line, an optional header; fits the threshold to these pairs instead of memloop's set.")
  private Path pairsFile;

  @CommandLine.Mixin
  private RunOutput output;

  /** What the command writes to calibration.json. */
  record Calibration(String pairs, GuardCalibration.Fit guard, Double shippedThreshold, CalibrationResult triage) {}

  @Override
  public Integer call() throws Exception {
    Embedder chosen = embedder.embedder(spec);
    List<GuardPair> pairs = Options.valid(spec, this::pairs); // a bad row refuses the command before anything is made
    String source = pairsFile == null ? "memloop's adversarial set" : pairsFile.toString();
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("embedder", chosen.name());
    parameters.put("pairs", source);
    parameters.put("heldOutSeeds", TriageWorkloads.HELD_OUT_FIRST + ".." + (TriageWorkloads.HELD_OUT_FIRST
        + TriageWorkloads.HELD_OUT_COUNT - 1));
    parameters.put("workload", AlertWorkloadSpec.DEFAULT.toString());
    CommandRun run = CommandRun.start(spec, output, "calibrate", "memloop calibrate", parameters);
    PrintWriter console = run.console();

    GuardCalibration.Fit fit = GuardCalibration.fit(pairs, chosen);
    OptionalDouble shipped = GuardCalibration.shippedThreshold(chosen, true);
    TextTable curve = new TextTable("threshold", "false blocks", "misses");
    for (GuardCalibration.Point p : fit.curve()) {
      long permille = Math.round(p.threshold() * 1000);
      if ((permille >= 500 && permille % 20 == 0) || permille == Math.round(fit.threshold() * 1000)) {
        curve.row(f(p.threshold()) + (permille == Math.round(fit.threshold() * 1000) ? " (fit)" : ""),
            p.falseBlocks() + " of " + fit.negatives(), p.misses() + " of " + fit.positives());
      }
    }
    String guardLine = String.format(Locale.ROOT, "threshold %s: %d of %d different acts blocked (%.1f%%, allowed "
        + "%.1f%%), %d of %d repeats let through (%.1f%%); %d different acts told apart by their identifiers alone",
        f(fit.threshold()), fit.falseBlocks(), fit.negatives(), 100 * fit.falseBlockRate(),
        100 * fit.maxFalseBlockRate(), fit.misses(), fit.positives(), 100 * fit.missRate(), fit.byIdentity());
    String shippedLine = shipped.isPresent()
        ? "the threshold memloop ships for this embedder: " + f(shipped.getAsDouble()) + "\n"
        : "memloop ships no threshold for this embedder: set memloop.agent.guard.threshold to a fitted one\n";
    console.print("action guard, " + source + " (" + pairs.size() + " pairs), embedder " + chosen.name() + "\n"
        + guardLine + "\n" + shippedLine + curve.plain() + "\n");

    CalibrationResult result = TriageCalibration.calibrate(chosen, AlertWorkloadSpec.DEFAULT);
    TextTable lines = new TextTable("embedder", "threshold", "F1", "precision", "recall", "worst impostor",
        "weakest duplicate", "duplicates", "others");
    lines.row(result.embedder(), f(result.threshold()), f(result.f1()), f(result.precision()), f(result.recall()),
        f(result.worstImpostor()), f(result.weakestDuplicate()), result.positives(), result.negatives());
    CalibrationResult.IdentityFinding id = result.identity();
    TextTable guards = new TextTable("guard at " + f(result.threshold()), "F1", "precision", "recall");
    guards.row("whole lines by cosine (the paper's)", f(result.f1()), f(result.precision()), f(result.recall()));
    guards.row("identity-aware, sig= values as words (the default)", f(id.f1()), f(id.precision()), f(id.recall()));
    guards.row("identity-aware, sig= values as identifiers", f(id.wordValuesAsIdsF1()),
        f(id.wordValuesAsIdsPrecision()), f(id.wordValuesAsIdsRecall()));
    CalibrationResult.ProseFinding p = result.prose();
    TextTable prose = new TextTable("raw prose", "similarity");
    prose.row("same template, other incident: max", f(p.sameTemplateOtherIncidentMax()));
    prose.row("same template, other incident: median", f(p.sameTemplateOtherIncidentMedian()));
    prose.row("true rewording: median", f(p.rewordingMedian()));
    prose.row("true rewording: min", f(p.rewordingMin()));
    prose.row("best F1 matching prose", f(p.bestF1()));
    String verdict = p.sameTemplateOtherIncidentMax() > p.rewordingMedian()
        ? "Template wording dominates raw prose: the guard matches extracted action lines instead.\n"
        : "Raw prose separates incidents under this embedder; the guard still matches action lines.\n";
    console.print("triage (paper §5.1): action lines, " + result.workloads() + " held-out workloads\n" + lines.plain()
        + "\n" + guards.plain() + "\n" + prose.plain() + verdict);
    return run.finish("calibration.json", new Calibration(source, fit, shipped.isPresent() ? shipped.getAsDouble()
        : null, result), "## Action guard\n\n" + source + ", " + pairs.size() + " pairs. " + guardLine + ".\n\n"
        + shippedLine + "\n" + curve.markdown() + "\n## Triage: action lines\n\n" + lines.markdown() + "\n"
        + guards.markdown()
        + "\n## Triage: raw prose\n\n" + prose.markdown() + "\n" + verdict);
  }

  private List<GuardPair> pairs() {
    if (pairsFile == null) {
      return GuardPairs.standard();
    }
    try {
      return GuardPairs.read(pairsFile);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--pairs " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("--pairs " + pairsFile + ": " + e.getMessage(), e);
    }
  }

  private static String f(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }
}
