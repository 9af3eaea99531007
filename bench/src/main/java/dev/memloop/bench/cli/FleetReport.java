package dev.memloop.bench.cli;

import dev.memloop.agents.triage.TriageRun;
import dev.memloop.agents.triage.TriageSummary;
import dev.memloop.bench.report.Percentiles;
import dev.memloop.bench.report.TextTable;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.fleet.GroupSummary;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The tables of a fleet run: the triage grades per group, then the runtime's own numbers. */
final class FleetReport {

  private final TextTable triage;
  private final TextTable runtime;
  private final String footer;
  private final Map<String, Object> records;

  private FleetReport(TextTable triage, TextTable runtime, String footer, Map<String, Object> records) {
    this.triage = triage;
    this.runtime = runtime;
    this.footer = footer;
    this.records = records;
  }

  /** @param simulated whether {@code model} names a simulated preset (say so in every table) or a real model */
  static FleetReport of(TriageRun.Outcome outcome, String model, boolean simulated) {
    TextTable triage = new TextTable("group", "workloads", "redundant (of 12)", "model recognized", "lookups afforded",
        "unaffordable", "timed out", "guard precision", "guard recall", "blocked new");
    for (TriageSummary s : outcome.groups()) {
      triage.row(s.group(), s.workloads(), f1(s.redundantMean()) + " [" + s.redundantMin() + "-" + s.redundantMax() + "]",
          f1(s.recognizedMean()), f1(s.lookupsMean()), f1(s.unaffordableMean()), s.timedOut(), f3(s.precision()),
          f3(s.recall()), s.blockedNew());
    }
    TextTable runtime = new TextTable("group", "agents", "steps", "steps/s", "aborted turns", "restarts",
        "store p50 us", "store p99 us", "lookup p50 us", "lookup p99 us");
    for (GroupSummary g : outcome.fleet().groups()) {
      runtime.row(g.group(), g.agents(), g.steps(), String.format(Locale.ROOT, "%,.0f", g.stepsPerSecond()),
          g.abortedTurns(), g.restarts(), Units.micros(g.storeP50()), Units.micros(g.storeP99()), Units.micros(g.lookupP50()), Units.micros(g.lookupP99()));
    }
    String footer = String.format(Locale.ROOT, "%,d steps in %.2f s: %,.0f steps/s; model %s is %s%s%n",
        outcome.fleet().steps(), outcome.fleet().wallNanos() / 1e9, outcome.fleet().stepsPerSecond(), model,
        simulated ? "simulated (" + SimulatedModelPreset.FITTED + ")" : "a real model",
        outcome.fleet().failure() == null ? "" : "; the run ended early: " + outcome.fleet().failure());
    Map<String, Object> records = new LinkedHashMap<>();
    records.put("model", model + (simulated ? " (simulated)" : " (real model)"));
    records.put("triage", outcome.groups());
    records.put("runtime", outcome.fleet());
    return new FleetReport(triage, runtime, footer, records);
  }

  String plain() {
    return triage.plain() + "\n" + runtime.plain() + footer + Percentiles.HDR_HISTOGRAM + "\n";
  }

  String markdown() {
    return "## Triage\n\n" + triage.markdown() + "\n## Runtime\n\n" + runtime.markdown() + "\n" + footer + "\n"
        + Percentiles.HDR_HISTOGRAM + "\n";
  }

  Map<String, Object> records() {
    return records;
  }

  private static String f1(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String f3(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }
}
