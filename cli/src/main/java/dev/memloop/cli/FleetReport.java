package dev.memloop.cli;

import dev.memloop.cli.command.Heap;
import dev.memloop.agents.triage.TriageRun;
import dev.memloop.agents.triage.TriageSummary;
import dev.memloop.cli.report.Percentiles;
import dev.memloop.cli.report.TextTable;
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
  private final TextTable stalls;
  private final String footer;
  private final Map<String, Object> records;
  private final java.util.List<GroupSummary> groups;
  private TextTable floor; // null unless --floor

  private FleetReport(TextTable triage, TextTable runtime, TextTable stalls, String footer,
      Map<String, Object> records, java.util.List<GroupSummary> groups) {
    this.groups = groups;
    this.triage = triage;
    this.runtime = runtime;
    this.stalls = stalls;
    this.footer = footer;
    this.records = records;
  }

  /** @param simulated whether {@code model} names a simulated preset (say so in every table) or a real model */
  /**
   * @param liveHeapBytes the run's heap in use after a collection, at its peak (see {@link Heap.Peak#bytes}): an
   *     upper bound on JDK 17's ZGC
   * @param liveSetBytes the fleet's live set once every turn was answered (a class histogram), -1 if unmeasured
   */
  static FleetReport of(TriageRun.Outcome outcome, String model, boolean simulated, long liveHeapBytes,
      long liveSetBytes) {
    TextTable triage = new TextTable("group", "workloads", "redundant (of 12)", "model recognized", "lookups afforded",
        "unaffordable", "timed out", "guard precision", "guard recall", "blocked new");
    for (TriageSummary s : outcome.groups()) {
      triage.row(s.group(), s.workloads(), f1(s.redundantMean()) + " [" + s.redundantMin() + "-" + s.redundantMax()
          + "], " + total(s.redundantMean(), s.workloads()) + " in all", meanAndTotal(s.recognizedMean(), s.workloads()),
          meanAndTotal(s.lookupsMean(), s.workloads()), meanAndTotal(s.unaffordableMean(), s.workloads()),
          s.timedOut(), f3(s.precision()), f3(s.recall()), s.blockedNew());
    }
    TextTable runtime = new TextTable("group", "agents", "steps", "steps/s", "aborted turns", "restarts",
        "step p50 us", "step p99 us", "step p99.9 us", "store p50 us", "store p99 us", "lookup p50 us",
        "lookup p99 us");
    TextTable stalls = new TextTable("group", "slow lookups (own work > 1 ms)", "collection pause",
        "descheduled (waiting for a core)", "blocked (off CPU: allocation stall, lock)", "store", "queueing",
        "other (on CPU: JIT, faults)", "slowest ms");
    for (GroupSummary g : outcome.fleet().groups()) {
      runtime.row(g.group(), g.agents(), g.steps(), String.format(Locale.ROOT, "%,.0f", g.stepsPerSecond()),
          g.abortedTurns(), g.restarts(), Units.micros(g.stepP50()), Units.micros(g.stepP99()),
          Units.micros(g.stepP999()), Units.micros(g.storeP50()), Units.micros(g.storeP99()),
          Units.micros(g.lookupP50()), Units.micros(g.lookupP99()));
      GroupSummary.Stalls st = g.stalls();
      stalls.row(g.group(), st.slow(), st.collection(), st.descheduled(), st.blocked(), st.store(), st.queueing(),
          st.other(), String.format(Locale.ROOT, "%.1f", st.slowestNanos() / 1e6));
    }
    long agents = outcome.fleet().groups().stream().mapToLong(GroupSummary::agents).sum();
    String liveSet = liveSetBytes < 0 ? "live set not measured (this JVM has no class histogram)"
        : String.format(Locale.ROOT, "live set after the last turn %s (%s per agent, a class histogram)",
            Units.bytes(liveSetBytes), Units.bytes(liveSetBytes / Math.max(1, agents)));
    long retried = outcome.fleet().retriedTurns();
    String footer = String.format(Locale.ROOT, "%,d steps in %.2f s: %,.0f steps/s; %s; heap after a collection at "
            + "its peak %s (%s per agent); model %s is %s%s%s%n", outcome.fleet().steps(),
        outcome.fleet().wallNanos() / 1e9, outcome.fleet().stepsPerSecond(), liveSet, Units.bytes(liveHeapBytes),
        Units.bytes(liveHeapBytes / Math.max(1, agents)), model,
        simulated ? "simulated (" + SimulatedModelPreset.FITTED + ")" : "a real model",
        retried == 0 ? "" : String.format(Locale.ROOT, "; %,d turn(s) sent again after a timeout or an aborted answer "
            + "(answered from the agent's record or resumed at the failed step)", retried),
        outcome.fleet().failure() == null ? "" : "; the run ended early: " + outcome.fleet().failure());
    Map<String, Object> records = new LinkedHashMap<>();
    records.put("model", model + (simulated ? " (simulated)" : " (real model)"));
    records.put("triage", outcome.groups());
    records.put("runtime", outcome.fleet());
    records.put("liveHeapPeakBytes", liveHeapBytes);
    records.put("liveSetBytes", liveSetBytes);
    return new FleetReport(triage, runtime, stalls, footer, records, outcome.fleet().groups());
  }

  /**
   * This report with each group's floor (its turns answered at once by the same runner) beside its own steps/s;
   * every row of that table says it is the floor's.
   */
  FleetReport withFloor(Map<String, Double> floorStepsPerSecond) {
    Map<String, GroupSummary> byName = new LinkedHashMap<>();
    groups.forEach(g -> byName.put(g.group(), g));
    TextTable table = new TextTable("group", "floor steps/s (answered at once, no model, no memory)", "steps/s",
        "share of the floor");
    Map<String, Object> byGroup = new LinkedHashMap<>();
    floorStepsPerSecond.forEach((group, rate) -> {
      GroupSummary g = byName.get(group);
      double share = g == null || rate <= 0 ? Double.NaN : g.stepsPerSecond() / rate;
      table.row(group + " (floor)", String.format(Locale.ROOT, "%,.0f", rate),
          g == null ? "-" : String.format(Locale.ROOT, "%,.0f", g.stepsPerSecond()), f3(share));
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("floorStepsPerSecond", rate);
      row.put("shareOfFloor", share);
      byGroup.put(group, row);
    });
    records.put("floor", byGroup);
    this.floor = table;
    return this;
  }

  String plain() {
    return triage.plain() + "\n" + runtime.plain() + "\n" + stalls.plain() + (floor == null ? "" : "\n" + floor.plain())
        + footer + Percentiles.HDR_HISTOGRAM + "\n";
  }

  String markdown() {
    return "## Triage\n\n" + triage.markdown() + "\n## Runtime\n\n" + runtime.markdown() + "\n## Slow lookups\n\n"
        + stalls.markdown() + (floor == null ? "" : "\n## The floor: the same turns answered at once\n\n"
        + floor.markdown()) + "\n" + footer + "\n" + Percentiles.HDR_HISTOGRAM + "\n";
  }

  Map<String, Object> records() {
    return records;
  }

  /**
   * A per-workload mean and the count behind it: a mean shown to one decimal reads 0.0 for 1 in 2,000, and the count
   * says it happened.
   */
  private static String meanAndTotal(double mean, int workloads) {
    return f1(mean) + " (" + total(mean, workloads) + " in all)";
  }

  /** The sum a mean over {@code workloads} was taken of (exact: the mean is a sum of whole numbers over a count). */
  private static long total(double mean, int workloads) {
    return Double.isNaN(mean) ? 0 : Math.round(mean * workloads);
  }

  private static String f1(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String f3(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }
}
