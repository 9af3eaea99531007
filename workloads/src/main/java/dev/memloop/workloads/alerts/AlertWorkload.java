package dev.memloop.workloads.alerts;

import dev.memloop.workloads.internal.Fingerprint;
import java.util.List;

/**
 * One generated alert stream: what the agent sees ({@link #alerts()}) and what graders know
 * ({@link #truths()}), index for index. Immutable.
 */
public record AlertWorkload(AlertWorkloadSpec spec, long seed, List<Alert> alerts, List<AlertTruth> truths) {

  public AlertWorkload {
    alerts = List.copyOf(alerts);
    truths = List.copyOf(truths);
    if (alerts.size() != truths.size()) {
      throw new IllegalArgumentException("alerts and truths differ in size: " + alerts.size() + " != " + truths.size());
    }
  }

  /** The alerts of turn {@code turn} (0-based), in arrival order. */
  public List<Alert> turn(int turn) {
    int first = spec.firstAlertOf(turn);
    return alerts.subList(first, first + spec.alertsPerTurn());
  }

  public int duplicates() {
    return (int) truths.stream().filter(AlertTruth::isDuplicate).count();
  }

  /** SHA-256 of the spec, seed and every alert and truth: equal fingerprints mean equal streams. */
  public String fingerprint() {
    Fingerprint f = new Fingerprint().add(spec).add(seed);
    for (int i = 0; i < alerts.size(); i++) {
      f.add(alerts.get(i)).add(truths.get(i));
    }
    return f.hex();
  }
}
