package dev.memloop.workloads.alerts;

import dev.memloop.workloads.internal.Shuffle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Generates seeded alert workloads. The same spec and seed always give the same stream, on any JDK
 * ({@link SplittableRandom} is specified bit for bit).
 */
public final class AlertWorkloads {

  private AlertWorkloads() {}

  public static AlertWorkload generate(AlertWorkloadSpec spec, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int total = spec.totalAlerts();
    boolean[] duplicate = chooseDuplicatePositions(spec, random);

    List<int[]> incidents = drawIncidents(total - spec.duplicates(), random); // {host, signature}
    int[] host = new int[total];
    int[] signature = new int[total];
    int[] template = new int[total];
    int[] originOf = new int[total];
    int nextIncident = 0;
    List<Integer> allowed = new ArrayList<>();
    for (int p = 0; p < total; p++) {
      if (duplicate[p]) {
        allowed.clear();
        for (int o = 0; o < p; o++) {
          if (spec.placement().allows(o, p, spec.alertsPerTurn())) {
            allowed.add(o);
          }
        }
        int o = allowed.get(random.nextInt(allowed.size()));
        originOf[p] = o;
        host[p] = host[o];
        signature[p] = signature[o];
        // other words: a template the original did not use
        template[p] = (template[o] + 1 + random.nextInt(AlertTemplates.TEMPLATES.size() - 1))
            % AlertTemplates.TEMPLATES.size();
      } else {
        int[] incident = incidents.get(nextIncident++);
        originOf[p] = -1;
        host[p] = incident[0];
        signature[p] = incident[1];
        template[p] = random.nextInt(AlertTemplates.TEMPLATES.size());
      }
    }

    List<Alert> alerts = new ArrayList<>(total);
    List<AlertTruth> truths = new ArrayList<>(total);
    for (int p = 0; p < total; p++) {
      String hostName = SignatureCatalog.HOSTS.get(host[p]);
      Signature sig = SignatureCatalog.SIGNATURES.get(signature[p]);
      int turn = p / spec.alertsPerTurn();
      String id = String.format(Locale.ROOT, "alert-%03d", p + 1);
      alerts.add(new Alert(id, turn, AlertTemplates.render(template[p], hostName, sig, random)));
      truths.add(new AlertTruth(hostName, sig.id(), originOf[p], template[p]));
    }
    return new AlertWorkload(spec, seed, alerts, truths);
  }

  /** Shuffles the positions that can have an original under the placement and marks the first {@code duplicates}. */
  private static boolean[] chooseDuplicatePositions(AlertWorkloadSpec spec, SplittableRandom random) {
    int total = spec.totalAlerts();
    List<Integer> eligible = new ArrayList<>();
    for (int p = 1; p < total; p++) {
      for (int o = 0; o < p; o++) {
        if (spec.placement().allows(o, p, spec.alertsPerTurn())) {
          eligible.add(p);
          break;
        }
      }
    }
    if (eligible.size() < spec.duplicates()) {
      throw new IllegalArgumentException("placement " + spec.placement().name() + " leaves room for only "
          + eligible.size() + " duplicates in " + total + " alerts, " + spec.duplicates() + " asked");
    }
    Shuffle.shuffle(eligible, random);
    boolean[] duplicate = new boolean[total];
    for (int i = 0; i < spec.duplicates(); i++) {
      duplicate[eligible.get(i)] = true;
    }
    return duplicate;
  }

  /** Distinct host and signature pairs, so that two new incidents are never the same incident. */
  private static List<int[]> drawIncidents(int count, SplittableRandom random) {
    int hosts = SignatureCatalog.HOSTS.size();
    int signatures = SignatureCatalog.SIGNATURES.size();
    List<Integer> pairs = new ArrayList<>(hosts * signatures);
    for (int i = 0; i < hosts * signatures; i++) {
      pairs.add(i);
    }
    Shuffle.shuffle(pairs, random);
    List<int[]> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int pair = pairs.get(i);
      out.add(new int[] {pair / signatures, pair % signatures});
    }
    return out;
  }
}
