package dev.memloop.workloads.fleet;

import dev.memloop.workloads.alerts.Alert;
import dev.memloop.workloads.alerts.AlertTemplates;
import dev.memloop.workloads.alerts.AlertTruth;
import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import dev.memloop.workloads.alerts.OriginPlacement;
import dev.memloop.workloads.alerts.Signature;
import dev.memloop.workloads.alerts.SignatureCatalog;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Generates fleet alert workloads, turn by turn across all agents, so that "earlier" means what it means to
 * agents working in lockstep: a cross-agent duplicate re-reports an incident another agent received in an
 * earlier turn. Same spec and seed, same workload.
 */
public final class FleetAlertWorkloads {

  private FleetAlertWorkloads() {}

  private record Report(int agent, String host, int signature, int template) {}

  public static FleetAlertWorkload generate(FleetAlertSpec spec, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    IncidentPool pool = new IncidentPool(spec.agents() * spec.alertsPerAgent(), random);
    int n = spec.alertsPerAgent();
    List<List<Report>> reports = new ArrayList<>();
    List<List<Integer>> duplicateOf = new ArrayList<>();
    List<boolean[]> cross = new ArrayList<>();
    List<Set<String>> seenBy = new ArrayList<>();
    for (int a = 0; a < spec.agents(); a++) {
      reports.add(new ArrayList<>(n));
      duplicateOf.add(new ArrayList<>(n));
      cross.add(new boolean[n]);
      seenBy.add(new HashSet<>());
    }
    List<Report> earlierTurns = new ArrayList<>();
    for (int turn = 0; turn < spec.turns(); turn++) {
      List<Report> thisTurn = new ArrayList<>();
      for (int a = 0; a < spec.agents(); a++) {
        List<Report> own = reports.get(a);
        for (int i = 0; i < spec.alertsPerTurn(); i++) {
          double u = random.nextDouble();
          Report report;
          int original = -1;
          if (u < spec.ownShare() && !own.isEmpty()) {
            original = random.nextInt(own.size());
            report = reword(own.get(original), a, random);
          } else if (u < spec.ownShare() + spec.crossShare() && (report = crossReport(earlierTurns, a, seenBy.get(a), random)) != null) {
            cross.get(a)[own.size()] = true;
          } else {
            int[] incident = pool.next();
            report = new Report(a, SignatureCatalog.host(incident[0]), incident[1],
                random.nextInt(AlertTemplates.TEMPLATES.size()));
          }
          seenBy.get(a).add(key(report));
          own.add(report);
          duplicateOf.get(a).add(original);
          thisTurn.add(report);
        }
      }
      earlierTurns.addAll(thisTurn);
    }
    List<AlertWorkload> workloads = new ArrayList<>(spec.agents());
    for (int a = 0; a < spec.agents(); a++) {
      workloads.add(workload(spec, seed, a, reports.get(a), duplicateOf.get(a), random));
    }
    return new FleetAlertWorkload(spec, seed, workloads, cross);
  }

  /** An incident another agent had in an earlier turn and this one has not seen; null when there is none. */
  private static Report crossReport(List<Report> earlier, int agent, Set<String> seen, SplittableRandom random) {
    for (int attempt = 0; attempt < 8 && !earlier.isEmpty(); attempt++) {
      Report other = earlier.get(random.nextInt(earlier.size()));
      if (other.agent() != agent && !seen.contains(key(other))) {
        return reword(other, agent, random);
      }
    }
    return null;
  }

  private static Report reword(Report original, int agent, SplittableRandom random) {
    int templates = AlertTemplates.TEMPLATES.size();
    return new Report(agent, original.host(), original.signature(),
        (original.template() + 1 + random.nextInt(templates - 1)) % templates);
  }

  private static String key(Report r) {
    return r.host() + "|" + r.signature();
  }

  private static AlertWorkload workload(FleetAlertSpec spec, long seed, int agent, List<Report> reports,
      List<Integer> duplicateOf, SplittableRandom random) {
    List<Alert> alerts = new ArrayList<>(reports.size());
    List<AlertTruth> truths = new ArrayList<>(reports.size());
    int duplicates = 0;
    for (int i = 0; i < reports.size(); i++) {
      Report r = reports.get(i);
      Signature signature = SignatureCatalog.SIGNATURES.get(r.signature());
      alerts.add(new Alert(String.format(Locale.ROOT, "a%d-alert-%03d", agent, i + 1), i / spec.alertsPerTurn(),
          AlertTemplates.render(r.template(), r.host(), signature, random)));
      truths.add(new AlertTruth(r.host(), signature.id(), duplicateOf.get(i), r.template()));
      duplicates += duplicateOf.get(i) >= 0 ? 1 : 0;
    }
    AlertWorkloadSpec own = new AlertWorkloadSpec(spec.turns(), spec.alertsPerTurn(), duplicates, OriginPlacement.ANY_EARLIER);
    return new AlertWorkload(own, seed * 1_000_003L + agent, alerts, truths);
  }
}
