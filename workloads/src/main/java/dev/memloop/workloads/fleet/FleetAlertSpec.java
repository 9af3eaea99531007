package dev.memloop.workloads.fleet;

/**
 * Alerts for a fleet of triage agents: each of {@code agents} agents gets {@code turns} turns of
 * {@code alertsPerTurn} alerts; an alert re-reports one of the same agent's earlier incidents with probability
 * {@code ownShare} (own duplicate), one another agent was alerted to in an earlier turn with probability
 * {@code crossShare} (cross-agent duplicate), and is a new incident otherwise. Defaults: 4 turns of 6, a
 * quarter own and a quarter cross duplicates.
 */
public record FleetAlertSpec(int agents, int turns, int alertsPerTurn, double ownShare, double crossShare) {

  public static FleetAlertSpec of(int agents) {
    return new FleetAlertSpec(agents, 4, 6, 0.25, 0.25);
  }

  public FleetAlertSpec {
    if (agents <= 0 || agents > 100_000) {
      throw new IllegalArgumentException("agents must be in [1, 100000]: " + agents);
    }
    if (turns <= 0 || turns > 1_000) {
      throw new IllegalArgumentException("turns must be in [1, 1000]: " + turns);
    }
    if (alertsPerTurn <= 0 || alertsPerTurn > 1_000) {
      throw new IllegalArgumentException("alertsPerTurn must be in [1, 1000]: " + alertsPerTurn);
    }
    if (!(ownShare >= 0 && crossShare >= 0 && ownShare + crossShare < 1)) {
      throw new IllegalArgumentException("ownShare and crossShare must be >= 0 and sum below 1: " + ownShare + " + "
          + crossShare);
    }
  }

  public int alertsPerAgent() {
    return turns * alertsPerTurn;
  }
}
