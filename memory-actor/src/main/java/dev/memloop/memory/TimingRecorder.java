package dev.memloop.memory;

import dev.memloop.memory.timing.OpStats;
import dev.memloop.memory.timing.SampleReservoir;

/**
 * The four duration reservoirs of one memory, each created on its first sample so that a memory that is
 * allocated and never used holds no sample arrays.
 *
 * <p>Not thread-safe: the thread-safe memory synchronizes on it.
 */
final class TimingRecorder {

  static final int WRITE_EMBED = 0;
  static final int WRITE_STORE = 1;
  static final int QUERY_EMBED = 2;
  static final int QUERY_STORE = 3;

  private final int reservoirCapacity;
  private SampleReservoir[] reservoirs;

  /** @param reservoirCapacity samples kept per operation kind; 0 records nothing (an untimed memory) */
  TimingRecorder(int reservoirCapacity) {
    this.reservoirCapacity = reservoirCapacity;
  }

  void record(int op, long nanos) {
    if (reservoirCapacity == 0) {
      return;
    }
    if (reservoirs == null) {
      reservoirs = new SampleReservoir[4];
    }
    SampleReservoir reservoir = reservoirs[op];
    if (reservoir == null) {
      reservoir = reservoirs[op] = new SampleReservoir(reservoirCapacity);
    }
    reservoir.record(Math.max(0, nanos)); // a ticker that steps back must not poison the statistics
  }

  MemoryTimings snapshot() {
    return new MemoryTimings(stats(WRITE_EMBED), stats(WRITE_STORE), stats(QUERY_EMBED), stats(QUERY_STORE));
  }

  void release() {
    reservoirs = null;
  }

  private OpStats stats(int op) {
    return reservoirs == null || reservoirs[op] == null ? OpStats.EMPTY : reservoirs[op].stats();
  }
}
