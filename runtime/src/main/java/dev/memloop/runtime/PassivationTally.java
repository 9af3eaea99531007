package dev.memloop.runtime;

import java.util.concurrent.atomic.LongAdder;

/**
 * Passivations and restores of a set of agents, counted from their actors (many threads: adders, no lock).
 * Restore time is the decoding of the compact snapshot and the spawn of the agent from it, measured by the
 * passivating actor; the agent rebuilds its memory from the decoded items as it starts, before its first turn.
 */
public final class PassivationTally {

  private final LongAdder passivations = new LongAdder();
  private final LongAdder restores = new LongAdder();
  private final LongAdder itemsRestored = new LongAdder();
  private final LongAdder restoreNanos = new LongAdder();
  private final LongAdder keptBytes = new LongAdder();

  void passivated(CompactSnapshot kept) {
    passivations.increment();
    keptBytes.add(kept.vectorBytes());
  }

  void restored(CompactSnapshot kept, long nanos) {
    restores.increment();
    keptBytes.add(-kept.vectorBytes());
    itemsRestored.add(kept.size());
    restoreNanos.add(nanos);
  }

  /** Agents passivated, counting each time. */
  public long passivations() {
    return passivations.sum();
  }

  /** Agents brought back for a turn, counting each time. */
  public long restores() {
    return restores.sum();
  }

  /** Items of the restored snapshots, summed over restores. */
  public long itemsRestored() {
    return itemsRestored.sum();
  }

  /** Time spent restoring, summed over restores. */
  public long restoreNanos() {
    return restoreNanos.sum();
  }

  /** Agents passivated now: each restore follows its agent's passivation. */
  public long passiveNow() {
    long restored = restores.sum(); // read first: a restore counted between the two reads cannot make this negative
    return passivations.sum() - restored;
  }

  /** Bytes of vectors the passive agents keep now (half precision). */
  public long keptVectorBytes() {
    return keptBytes.sum();
  }
}
