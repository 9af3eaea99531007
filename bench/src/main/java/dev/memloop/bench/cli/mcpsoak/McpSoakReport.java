package dev.memloop.bench.cli.mcpsoak;

import java.util.Locale;

/** The MCP soak's result as the console and report.md show it. Stateless. */
public final class McpSoakReport {

  private McpSoakReport() {}

  public static String plain(McpSoak.Result r) {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "memloop mcp soak: %d rounds in %d s; %d SIGKILLs (%d after a full disk), "
        + "%d corrupted copies%n", r.rounds(), r.seconds(), r.kills(), r.diskFullRounds(), r.corruptions()));
    out.append(String.format(Locale.ROOT, "writes: %,d saves acknowledged, %,d refused (not saved); %,d forgets "
        + "acknowledged, %,d refused; %,d recalls (%,d missed their note); %,d calls cut by a fault; %,d answers no "
        + "fault explains%n", r.acknowledged(), r.refusedSaves(), r.forgets(), r.refusedForgets(), r.recalls(),
        r.recallMisses(), r.failedCalls(), r.unexpectedAnswers()));
    out.append(String.format(Locale.ROOT, "audits: %d, %,d violations (lost, doubled, changed, refused or forgotten "
        + "present)%n", r.audits(), r.violations()));
    out.append(String.format(Locale.ROOT, "damaged copies: %d of %d refused at start, %d served silently; repaired, "
        + "they kept %,d acknowledged notes and dropped %,d%n", r.damagedStartsRefused(), r.corruptions(),
        r.silentStarts(), r.repairKept(), r.repairDropped()));
    out.append(String.format(Locale.ROOT, "second servers on a held directory: %d refused, %d admitted%n",
        r.secondWritersRefused(), r.secondWritersAdmitted()));
    for (McpSoak.AuditRecord a : r.lastAudits()) {
      out.append(String.format(Locale.ROOT, "  last audit, %s after %s: %,d of %,d saved found; %,d refused and "
          + "%,d forgotten absent%n", a.transport(), a.after(), a.found(), a.saved(), a.refused() - a.refusedPresent(),
          a.forgotten() - a.forgottenPresent()));
    }
    r.firstFailedCalls().stream().limit(3).forEach(f -> out.append("  a call cut: ").append(f).append('\n'));
    r.problems().forEach(p -> out.append("problem: ").append(p).append('\n'));
    out.append(r.nothingLost() ? "nothing lost\n" : "LOST OR WRONG: see the problems above\n");
    return out.toString();
  }
}
