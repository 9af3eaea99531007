package dev.memloop.bench.soak;

import dev.memloop.bench.audit.WriteAudit;
import dev.memloop.cli.report.TextTable;
import java.util.Locale;

/** The soak's closing tables: the audit by group, the faults injected, and the verdict line. */
public final class SoakReport {

  private SoakReport() {}

  /** Plain text for the console and, fenced, for report.md. */
  public static String plain(Soak.Result result) {
    StringBuilder out = new StringBuilder();
    Soak.Totals t = result.totals();
    out.append(String.format(Locale.ROOT, "%,d waves (%,d agents) in %.0f s: %,d turns answered (%,d aborted by "
        + "injected crashes or faults, %,d unanswered), %,d steps, %,d guard lookups timed out (those steps ran "
        + "unguarded)%n", t.waves(), t.agents(), result.seconds(), t.turnsAnswered(), t.turnsAborted(),
        t.turnsUnanswered(), t.steps(), t.guardTimedOut()));
    out.append("model: ").append(result.model()).append('\n');
    out.append("database: ").append(result.database()).append("\n\n");

    TextTable audit = new TextTable("group", "acknowledged by", "acknowledged", "found", "lost", "overwritten");
    for (WriteAudit.GroupAudit group : result.audit()) {
      audit.row(group.group(), group.acknowledgedBy(), String.format(Locale.ROOT, "%,d", group.acknowledged()),
          String.format(Locale.ROOT, "%,d", group.found()), Long.toString(group.lost()),
          Long.toString(group.overwritten()));
    }
    out.append(audit.plain()).append('\n');
    result.audit().forEach(group -> group.firstLost().forEach(lost ->
        out.append("  lost in ").append(group.group()).append(": ").append(lost).append('\n')));

    long crashes = result.faults().stream().filter(f -> f.kind().equals(FaultSchedule.CRASH)).count();
    long kills = result.faults().stream().filter(f -> f.kind().equals(FaultSchedule.DATABASE)).count();
    out.append(String.format(Locale.ROOT, "faults: %d reasoner crashes armed (%d thrown, %d agent restarts), %d "
        + "database kills%n", crashes, result.crashesThrown(), result.restarts(), kills));
    out.append(String.format(Locale.ROOT, "audit: %,d acknowledged writes, %d lost, %d overwritten: %s%n",
        result.acknowledged(), result.lost(), result.overwritten(),
        result.nothingLost() ? "nothing lost" : "WRITES LOST"));
    return out.toString();
  }
}
