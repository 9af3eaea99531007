package dev.memloop.workloads.alerts;

import dev.memloop.workloads.Shuffle;
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
    Plan plan = plan(spec, seed);
    List<Alert> alerts = new ArrayList<>(plan.total());
    for (int p = 0; p < plan.total(); p++) {
      alerts.add(plan.alert(p));
    }
    return new AlertWorkload(spec, seed, alerts, plan.truths());
  }

  /**
   * The alerts of turn {@code turn} of the stream of {@code spec} and {@code seed}: equal to
   * {@code generate(spec, seed).turn(turn)}, with only that turn's prose made (a fleet feeds its agents one turn at a
   * time and keeps no workload: a stream's 24 alerts are about 7 KiB).
   */
  public static List<Alert> turn(AlertWorkloadSpec spec, long seed, int turn) {
    int first = spec.firstAlertOf(turn); // before the plan: a bad turn costs no draws
    Plan plan = plan(spec, seed);
    List<Alert> alerts = new ArrayList<>(spec.alertsPerTurn());
    for (int p = first; p < first + spec.alertsPerTurn(); p++) {
      alerts.add(plan.alert(p));
    }
    return alerts;
  }

  /** The ground truth of the stream of {@code spec} and {@code seed}, index for index, without making any prose. */
  public static List<AlertTruth> truths(AlertWorkloadSpec spec, long seed) {
    return plan(spec, seed).truths();
  }

  /** The id of the alert at {@code position} (0-based) of any stream: the same for every seed. */
  public static String alertId(int position) {
    if (position < 0) {
      throw new IllegalArgumentException("alert position must be at least 0: " + position);
    }
    return position < IDS.length ? IDS[position] : idOf(position);
  }

  private static final String ID_PREFIX = "alert-";
  /** The ids of the first thousand positions, made once: every agent's stream uses the same few. */
  private static final String[] IDS = new String[1000];

  static {
    for (int p = 0; p < IDS.length; p++) {
      IDS[p] = idOf(p);
    }
  }

  private static String idOf(int position) {
    return String.format(Locale.ROOT, ID_PREFIX + "%03d", position + 1);
  }

  /** Every draw of one stream, in the order they have always been made; prose is made per alert, on demand. */
  private record Plan(AlertWorkloadSpec spec, int[] host, int[] signature, int[] template, int[] originOf,
      AlertTemplates.Details[] details) {

    int total() {
      return host.length;
    }

    Alert alert(int p) {
      String prose = AlertTemplates.render(template[p], SignatureCatalog.HOSTS.get(host[p]),
          SignatureCatalog.SIGNATURES.get(signature[p]), details[p]);
      return new Alert(alertId(p), p / spec.alertsPerTurn(), prose);
    }

    List<AlertTruth> truths() {
      List<AlertTruth> truths = new ArrayList<>(total());
      for (int p = 0; p < total(); p++) {
        truths.add(new AlertTruth(SignatureCatalog.HOSTS.get(host[p]), SignatureCatalog.SIGNATURES.get(signature[p]).id(),
            originOf[p], template[p]));
      }
      return truths;
    }
  }

  private static Plan plan(AlertWorkloadSpec spec, long seed) {
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
    // each alert's details after every plan draw, alert by alert: the order the stream has always drawn them in
    AlertTemplates.Details[] details = new AlertTemplates.Details[total];
    for (int p = 0; p < total; p++) {
      details[p] = AlertTemplates.draw(SignatureCatalog.SIGNATURES.get(signature[p]), random);
    }
    return new Plan(spec, host, signature, template, originOf, details);
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

  /**
   * Each thread's array of every host and signature pair, to shuffle: a fleet makes each turn when it sends it, and
   * a fresh array per turn was 3 KiB of garbage a turn.
   */
  private static final ThreadLocal<int[]> PAIRS =
      ThreadLocal.withInitial(() -> new int[SignatureCatalog.HOSTS.size() * SignatureCatalog.SIGNATURES.size()]);

  /** Distinct host and signature pairs, so that two new incidents are never the same incident. */
  private static List<int[]> drawIncidents(int count, SplittableRandom random) {
    int signatures = SignatureCatalog.SIGNATURES.size();
    int[] pairs = PAIRS.get(); // refilled below: the shuffle's draws, not the array, make a stream what it is
    for (int i = 0; i < pairs.length; i++) {
      pairs[i] = i;
    }
    Shuffle.shuffle(pairs, random);
    List<int[]> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int pair = pairs[i];
      out.add(new int[] {pair / signatures, pair % signatures});
    }
    return out;
  }
}
