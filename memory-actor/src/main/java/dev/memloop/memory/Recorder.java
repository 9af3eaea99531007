package dev.memloop.memory;

import dev.memloop.memory.timing.OpStats;

/**
 * Where a memory records how long its operations took ({@link MemoryTimings}): four duration reservoirs
 * ({@link TimingRecorder}), or {@link #DISABLED} for a memory built untimed (an agent's: the step loop times every
 * memory call itself), which records nothing and answers empty timings. Made thread-safe, where a memory needs it, by
 * its {@link AccessDiscipline#guard}.
 */
interface Recorder {

  /** Records nothing. */
  Recorder DISABLED = new Recorder() {
    private final MemoryTimings none = new MemoryTimings(OpStats.EMPTY, OpStats.EMPTY, OpStats.EMPTY, OpStats.EMPTY);

    @Override
    public void record(int op, long nanos) {}

    @Override
    public MemoryTimings snapshot() {
      return none;
    }

    @Override
    public void release() {}
  };

  /** One operation of kind {@code op} ({@link TimingRecorder#WRITE_EMBED}...) took {@code nanos}. */
  void record(int op, long nanos);

  MemoryTimings snapshot();

  /** Drops what was recorded (a closed memory). */
  void release();
}
