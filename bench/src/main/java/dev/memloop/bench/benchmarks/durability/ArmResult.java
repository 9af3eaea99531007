package dev.memloop.bench.benchmarks.durability;

import dev.memloop.memory.timing.NearestRank;

/**
 * One durability mechanism, measured on a {@link RecordedTurns} workload.
 *
 * @param turnEndNanos each turn end from the write sent to its acknowledgement (durable), one at a time
 * @param bytesWritten the serialized bytes of every turn end's write, summed (the value or the event)
 * @param startNanos from creating the restarted actor system to its being ready to restore (cluster Up, or
 *     created); Distributed Data's durable store loads every entry here
 * @param restoreNanos from ready to every agent restored, one at a time
 * @param itemsRestored items the restored agents hold, compared with {@code itemsExpected}
 * @param answersRestored agents whose last turn and answer came back (a retry of it is answered, not rerun)
 */
public record ArmResult(String mechanism, int agents, long[] turnEndNanos, long bytesWritten, long startNanos,
    long restoreNanos, long itemsRestored, long itemsExpected, int answersRestored) {

  public long turnEndP50() {
    return NearestRank.of(turnEndNanos, 0.50);
  }

  public long turnEndP99() {
    return NearestRank.of(turnEndNanos, 0.99);
  }

  public long bytesPerTurnEnd() {
    return turnEndNanos.length == 0 ? 0 : bytesWritten / turnEndNanos.length;
  }

  public long restoreNanosPerAgent() {
    return restoreNanos / Math.max(1, agents);
  }

  public double restoreNanosPerItem() {
    return itemsRestored == 0 ? 0 : (double) restoreNanos / itemsRestored;
  }
}
