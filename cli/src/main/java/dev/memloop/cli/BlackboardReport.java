package dev.memloop.cli;

import dev.memloop.agents.board.BoardFleet;
import dev.memloop.agents.board.FleetTriageScore;
import dev.memloop.cli.report.Percentiles;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.fleet.GroupSummary;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import dev.memloop.workloads.fleet.FleetAlertSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The tables of {@code memloop blackboard}: what the fleet executed per mode, then what the board cost. */
final class BlackboardReport {

  /** One mode's row in the records: its grade, the runtime's summary, and the board's final size. */
  record ModeRecord(FleetTriageScore score, GroupSummary runtime, int boardSize, String failure) {}

  private final TextTable triage;
  private final TextTable cost;
  private final String footer;
  private final Map<String, Object> records;

  private BlackboardReport(TextTable triage, TextTable cost, String footer, Map<String, Object> records) {
    this.triage = triage;
    this.cost = cost;
    this.footer = footer;
    this.records = records;
  }

  static BlackboardReport of(List<BoardFleet.Outcome> outcomes, FleetAlertSpec workload, SimulatedModelPreset model) {
    TextTable triage = new TextTable("mode", "agents", "alerts", "own dups", "cross dups", "executed", "redundant",
        "own", "cross", "model recognized", "lookups afforded", "unaffordable", "timed out", "blocked new");
    TextTable cost = new TextTable("mode", "board size", "board read p50 us", "p99 us", "lookup p50 us", "p99 us",
        "steps/s", "wall s");
    List<ModeRecord> modes = new ArrayList<>();
    for (BoardFleet.Outcome o : outcomes) {
      FleetTriageScore s = o.score();
      triage.row(s.group(), s.agents(), s.alerts(), s.ownDuplicates(), s.crossDuplicates(), s.executions(),
          s.redundant(), s.ownRedundant(), s.crossRedundant(), s.modelRecognized(), s.lookups(), s.unaffordable(),
          s.timedOut(), s.blockedNew());
      GroupSummary g = o.fleet().groups().get(0);
      cost.row(s.group(), o.boardSize(), Units.micros(g.storeP50()), Units.micros(g.storeP99()), Units.micros(g.lookupP50()), Units.micros(g.lookupP99()),
          String.format(Locale.ROOT, "%,.0f", g.stepsPerSecond()), String.format(Locale.ROOT, "%.2f", g.wallNanos() / 1e9));
      modes.add(new ModeRecord(s, g, o.boardSize(), o.fleet().failure()));
    }
    StringBuilder footer = new StringBuilder(String.format(Locale.ROOT,
        "workload: %s; model %s is simulated; redundant = executions of an incident the fleet had already executed "
            + "(own: by the same agent, cross: by another); board reads of per-turn and none are 0 (no lookups)%n",
        workload, model.configName()));
    for (ModeRecord m : modes) {
      if (m.failure() != null) {
        footer.append(m.score().group()).append(" ended early: ").append(m.failure()).append('\n');
      }
    }
    Map<String, Object> records = new LinkedHashMap<>();
    records.put("workload", workload);
    records.put("model", model.configName() + " (simulated)");
    records.put("modes", modes);
    return new BlackboardReport(triage, cost, footer.toString(), records);
  }

  String plain() {
    return triage.plain() + "\n" + cost.plain() + footer + Percentiles.HDR_HISTOGRAM + "\n";
  }

  String markdown() {
    return "## Redundant investigations\n\n" + triage.markdown() + "\n## Board cost\n\n" + cost.markdown() + "\n" + footer + "\n"
        + Percentiles.HDR_HISTOGRAM + "\n";
  }

  Map<String, Object> records() {
    return records;
  }
}
