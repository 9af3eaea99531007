package dev.memloop.runtime.fleet;

import java.util.List;

/**
 * A fleet run: per-group summaries, the wall time from the first turn sent to the last answered (the sum of
 * the parts when groups ran one after another), the failure that ended it early, if any (null when every
 * turn was answered), and how many times a turn was sent again ({@link FleetOptions#retries}).
 */
public record FleetResult(List<GroupSummary> groups, long wallNanos, String failure, long retriedTurns) {

  public FleetResult {
    groups = List.copyOf(groups);
  }

  /** A run in which no turn was sent again. */
  public FleetResult(List<GroupSummary> groups, long wallNanos, String failure) {
    this(groups, wallNanos, failure, 0);
  }

  /** Turns answered as aborted (a step failed, or the turn was refused), over every group. */
  public long abortedTurns() {
    return groups.stream().mapToLong(GroupSummary::abortedTurns).sum();
  }

  /**
   * Why not every turn was answered, in one line (the run ended early, or turns were aborted), or null when every
   * one was: what a command that ran the fleet reports before it exits 1.
   */
  public String unanswered() {
    if (failure != null) {
      return "the run ended early: " + failure;
    }
    long aborted = abortedTurns();
    return aborted == 0 ? null : aborted + " turn(s) aborted by a failed step (see the aborted turns per group and "
        + "the log)";
  }

  public long steps() {
    return groups.stream().mapToLong(GroupSummary::steps).sum();
  }

  public double stepsPerSecond() {
    return wallNanos == 0 ? 0 : steps() * 1e9 / wallNanos;
  }

  /** Runs one after another, as one result. */
  public static FleetResult sequence(List<FleetResult> parts) {
    List<GroupSummary> groups = new java.util.ArrayList<>();
    long wall = 0;
    String failure = null;
    long retried = 0;
    for (FleetResult part : parts) {
      groups.addAll(part.groups());
      wall += part.wallNanos();
      failure = failure != null ? failure : part.failure();
      retried += part.retriedTurns();
    }
    return new FleetResult(groups, wall, failure, retried);
  }

  public GroupSummary group(String name) {
    return groups.stream().filter(g -> g.group().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no group named " + name + " in this run"));
  }
}
