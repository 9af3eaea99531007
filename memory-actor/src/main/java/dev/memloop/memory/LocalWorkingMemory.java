package dev.memloop.memory;

import dev.memloop.memory.index.SearchBuffers;
import dev.memloop.memory.timing.Ticker;

/**
 * The default memory: owned by one thread at a time (in memloop, by one agent actor), with no lock, no
 * atomic and no allocation on a search beyond its results. Using it from two threads at once is a bug
 * that it does not detect.
 */
final class LocalWorkingMemory extends BaseWorkingMemory {

  private final TimingRecorder timings;
  /** Created by the first search: a memory that is only written to never needs it. */
  private SearchBuffers buffers;
  private long zeroVectorQueries;

  LocalWorkingMemory(Embedder embedder, int dimension, Ticker ticker, MemoryCore core, int reservoirCapacity) {
    super(embedder, dimension, ticker, core);
    this.timings = new TimingRecorder(reservoirCapacity);
  }

  @Override
  void beginWrite() {}

  @Override
  void endWrite() {}

  @Override
  void beginRead(boolean touches) {}

  @Override
  void endRead(boolean touches) {}

  @Override
  SearchBuffers takeBuffers() {
    if (buffers == null) {
      buffers = new SearchBuffers();
    }
    return buffers;
  }

  @Override
  void giveBack(SearchBuffers buffers, long searchesBefore, long rerankedBefore) {}

  @Override
  void record(int op, long nanos) {
    timings.record(op, nanos);
  }

  @Override
  void countZeroVectorQuery() {
    zeroVectorQueries++;
  }

  @Override
  MemoryTimings timingSnapshot() {
    return timings.snapshot();
  }

  @Override
  MemoryStats statsSnapshot() {
    return new MemoryStats(core.size(), core.evictions(), zeroVectorQueries,
        buffers == null ? 0 : buffers.searches(), buffers == null ? 0 : buffers.reranked());
  }

  @Override
  void releaseResources() {
    timings.release();
    buffers = null;
  }
}
