package dev.memloop.workloads.alerts;

import java.util.Objects;

/**
 * The shape of an alert workload (paper §5.1): {@code turns} turns of {@code alertsPerTurn} alerts, of which
 * {@code duplicates} re-report an earlier alert's incident in other words, with originals placed by
 * {@code placement}. The default is 24 alerts over 4 turns, half of them duplicates, originals anywhere earlier.
 */
public record AlertWorkloadSpec(int turns, int alertsPerTurn, int duplicates, OriginPlacement placement) {

  /** How many distinct incidents the catalog can tell apart. */
  public static final int MAX_INCIDENTS = SignatureCatalog.HOSTS.size() * SignatureCatalog.SIGNATURES.size();

  public static final AlertWorkloadSpec DEFAULT = new AlertWorkloadSpec(4, 6, 12, OriginPlacement.ANY_EARLIER);

  public AlertWorkloadSpec {
    Objects.requireNonNull(placement, "placement");
    if (turns <= 0) {
      throw new IllegalArgumentException("turns must be > 0: " + turns);
    }
    if (alertsPerTurn <= 0) {
      throw new IllegalArgumentException("alertsPerTurn must be > 0: " + alertsPerTurn);
    }
    long total = (long) turns * alertsPerTurn;
    if (total > 10_000) {
      throw new IllegalArgumentException("turns x alertsPerTurn must be <= 10000: " + total);
    }
    if (duplicates < 0 || duplicates >= total) {
      throw new IllegalArgumentException("duplicates must be in [0, " + (total - 1) + "]: " + duplicates);
    }
    if (total - duplicates > MAX_INCIDENTS) {
      throw new IllegalArgumentException("new incidents (" + (total - duplicates) + ") exceed the catalog's "
          + MAX_INCIDENTS + " host and signature pairs");
    }
  }

  public int totalAlerts() {
    return turns * alertsPerTurn;
  }

  /** The position of turn {@code turn}'s first alert; refuses a turn outside the workload, naming it. */
  int firstAlertOf(int turn) {
    if (turn < 0 || turn >= turns) {
      throw new IllegalArgumentException("turn must be in [0, " + turns + "): " + turn);
    }
    return turn * alertsPerTurn;
  }

  public AlertWorkloadSpec withPlacement(OriginPlacement newPlacement) {
    return new AlertWorkloadSpec(turns, alertsPerTurn, duplicates, newPlacement);
  }
}
