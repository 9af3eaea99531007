package dev.memloop.workloads.fleet;

import dev.memloop.workloads.alerts.AlertWorkload;
import dev.memloop.workloads.internal.Fingerprint;
import java.util.List;

/**
 * One fleet's alerts: per agent an {@link AlertWorkload} whose truths mark own duplicates as usual, and per
 * agent and alert whether it re-reports an incident another agent had already been alerted to
 * ({@link #crossDuplicate}). Immutable.
 */
public record FleetAlertWorkload(FleetAlertSpec spec, long seed, List<AlertWorkload> agents, List<boolean[]> cross) {

  public FleetAlertWorkload {
    agents = List.copyOf(agents);
    cross = List.copyOf(cross);
  }

  public boolean crossDuplicate(int agent, int alert) {
    return cross.get(agent)[alert];
  }

  /** Alerts that re-report an incident another agent had in an earlier turn. */
  public int crossDuplicates() {
    int n = 0;
    for (boolean[] flags : cross) {
      for (boolean f : flags) {
        n += f ? 1 : 0;
      }
    }
    return n;
  }

  public int ownDuplicates() {
    return agents.stream().mapToInt(AlertWorkload::duplicates).sum();
  }

  /** Distinct incidents the whole fleet is alerted to. */
  public long incidents() {
    return agents.stream().flatMap(w -> w.truths().stream()).map(t -> t.actionLine()).distinct().count();
  }

  public String fingerprint() {
    Fingerprint f = new Fingerprint().add(spec).add(seed);
    for (int a = 0; a < agents.size(); a++) {
      f.add(agents.get(a).fingerprint()).add(java.util.Arrays.toString(cross.get(a)));
    }
    return f.hex();
  }
}
