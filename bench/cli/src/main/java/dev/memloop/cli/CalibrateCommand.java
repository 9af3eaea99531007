package dev.memloop.cli;

import dev.memloop.agents.triage.CalibrationResult;
import dev.memloop.agents.triage.GuardCalibration;
import dev.memloop.agents.triage.TriageWorkloads;
import dev.memloop.bench.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.runtime.config.EmbedderChoice;
import dev.memloop.runtime.config.EmbedderNames;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop calibrate}: the guard threshold, chosen on held-out workloads for an embedder. */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
    description = {"Chooses the loop guard's match threshold on the 20 held-out workload seeds (disjoint from every "
        + "experiment's), maximizing F1 of duplicate detection over 0.800-0.999 in steps of 0.001, ties to the "
        + "higher threshold; agents configured with guard.threshold = calibrated use exactly this computation.",
        "Also reports why the guard matches extracted action lines and not raw alert prose."})
final class CalibrateCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--embedder", defaultValue = "default",
      description = EmbedderChoice.FORMS + " (default: ${DEFAULT-VALUE}).")
  private String embedder;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    Embedder chosen = Options.valid(spec, () -> EmbedderNames.resolve(embedder));
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("embedder", chosen.name());
    parameters.put("heldOutSeeds", TriageWorkloads.HELD_OUT_FIRST + ".." + (TriageWorkloads.HELD_OUT_FIRST
        + TriageWorkloads.HELD_OUT_COUNT - 1));
    parameters.put("workload", AlertWorkloadSpec.DEFAULT.toString());
    BenchRun run = BenchRun.start(spec, output, "calibrate", "memloop calibrate", parameters);
    PrintWriter console = run.console();
    CalibrationResult result = GuardCalibration.calibrate(chosen, AlertWorkloadSpec.DEFAULT);

    TextTable lines = new TextTable("embedder", "threshold", "F1", "precision", "recall", "worst impostor",
        "weakest duplicate", "duplicates", "others");
    lines.row(result.embedder(), f(result.threshold()), f(result.f1()), f(result.precision()), f(result.recall()),
        f(result.worstImpostor()), f(result.weakestDuplicate()), result.positives(), result.negatives());
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
    console.print("action lines, " + result.workloads() + " held-out workloads\n" + lines.plain() + "\n" + prose.plain()
        + verdict);
    return run.finish("calibration.json", result,
        "## Action lines\n\n" + lines.markdown() + "\n## Raw prose\n\n" + prose.markdown() + "\n" + verdict);
  }

  private static String f(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }
}
