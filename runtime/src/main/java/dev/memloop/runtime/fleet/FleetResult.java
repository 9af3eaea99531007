package dev.memloop.runtime.fleet;

import java.util.List;

/**
 * A fleet run: per-group summaries, the wall time from the first turn sent to the last answered, and the
 * failure that ended it early, if any (null when every turn was answered).
 */
public record FleetResult(List<GroupSummary> groups, long wallNanos, String failure) {

  public FleetResult {
    groups = List.copyOf(groups);
  }

  public long steps() {
    return groups.stream().mapToLong(GroupSummary::steps).sum();
  }

  public double stepsPerSecond() {
    return wallNanos == 0 ? 0 : steps() * 1e9 / wallNanos;
  }

  public GroupSummary group(String name) {
    return groups.stream().filter(g -> g.group().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no group named " + name + " in this run"));
  }
}
