package dev.memloop.memory;

import dev.memloop.memory.timing.OpStats;
import dev.memloop.memory.timing.SampleReservoir;

/**
 * The four duration reservoirs of one memory, each created on its first sample so that a memory that is
 * allocated and never used holds no sample arrays.
 *
 * <p>Not thread-safe: a memory's {@link AccessDiscipline#guard} makes it safe for its callers.
 */
final class TimingRecorder implements Recorder {

  static final int WRITE_EMBED = 0;
  static final int WRITE_STORE = 1;
  static final int QUERY_EMBED = 2;
  static final int QUERY_STORE = 3;

  private final int reservoirCapacity;
  private SampleReservoir[] reservoirs;

  /** @param reservoirCapacity samples kept per operation kind, at least 1 ({@link Recorder#DISABLED} keeps none) */
  TimingRecorder(int reservoirCapacity) {
    if (reservoirCapacity <= 0) {
      throw new IllegalArgumentException("timing samples must be > 0: " + reservoirCapacity);
    }
    this.reservoirCapacity = reservoirCapacity;
  }

  @Override
  public void record(int op, long nanos) {
    if (reservoirs == null) {
      reservoirs = new SampleReservoir[4];
    }
    SampleReservoir reservoir = reservoirs[op];
    if (reservoir == null) {
      reservoir = reservoirs[op] = new SampleReservoir(reservoirCapacity);
    }
    reservoir.record(Math.max(0, nanos)); // a ticker that steps back must not poison the statistics
  }

  @Override
  public MemoryTimings snapshot() {
    return new MemoryTimings(stats(WRITE_EMBED), stats(WRITE_STORE), stats(QUERY_EMBED), stats(QUERY_STORE));
  }

  @Override
  public void release() {
    reservoirs = null;
  }

  private OpStats stats(int op) {
    return reservoirs == null || reservoirs[op] == null ? OpStats.EMPTY : reservoirs[op].stats();
  }
}
