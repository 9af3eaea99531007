package dev.memloop.runtime.cluster;

import dev.memloop.runtime.RuntimeMessage;

/**
 * How one incarnation of a sharded agent started on its node: the items it restored, the time to read its
 * snapshot (the replica gate and the majority read included), and the time until it was ready to take a turn
 * (read, store opening and restore). A new agent starts with zero items; a moved one with everything it had at
 * its last turn end.
 */
public record Handoff(String agentId, String node, int items, int turnsCompleted, long readNanos, long readyNanos)
    implements RuntimeMessage {

  /** From the snapshot in hand to ready: the store opened (if remote), the agent spawned, its memory rebuilt. */
  public long restoreNanos() {
    return readyNanos - readNanos;
  }
}
