package dev.memloop.memory;

import dev.memloop.memory.index.SearchBuffers;
import dev.memloop.memory.timing.Ticker;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The thread-safe memory, for structures that many threads read and write (a shared blackboard, a store
 * served to many agents). Searches run in parallel under a read lock, each with search buffers taken from
 * a pool; writes are exclusive, so every write that has returned is visible to every later search, and no
 * write is lost or overwritten. Embedding happens before any lock is taken.
 *
 * <p>With {@link Eviction#LEAST_RECENTLY_RECALLED} a search also records recency, so searches take the
 * write lock too. The embedder must be thread-safe.
 */
final class ConcurrentWorkingMemory extends BaseWorkingMemory {

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final ConcurrentLinkedQueue<SearchBuffers> pool = new ConcurrentLinkedQueue<>();
  private final TimingRecorder timings;
  private final LongAdder zeroVectorQueries = new LongAdder();
  private final LongAdder searches = new LongAdder();
  private final LongAdder reranked = new LongAdder();

  ConcurrentWorkingMemory(Embedder embedder, int dimension, Ticker ticker, MemoryCore core, int reservoirCapacity) {
    super(embedder, dimension, ticker, core);
    this.timings = new TimingRecorder(reservoirCapacity);
  }

  @Override
  void beginWrite() {
    lock.writeLock().lock();
  }

  @Override
  void endWrite() {
    lock.writeLock().unlock();
  }

  @Override
  void beginRead(boolean touches) {
    if (touches) {
      lock.writeLock().lock();
    } else {
      lock.readLock().lock();
    }
  }

  @Override
  void endRead(boolean touches) {
    if (touches) {
      lock.writeLock().unlock();
    } else {
      lock.readLock().unlock();
    }
  }

  @Override
  SearchBuffers takeBuffers() {
    SearchBuffers buffers = pool.poll();
    return buffers != null ? buffers : new SearchBuffers();
  }

  @Override
  void giveBack(SearchBuffers buffers, long searchesBefore, long rerankedBefore) {
    searches.add(buffers.searches() - searchesBefore);
    reranked.add(buffers.reranked() - rerankedBefore);
    if (!isClosed()) {
      pool.offer(buffers);
    }
  }

  @Override
  void record(int op, long nanos) {
    synchronized (timings) {
      timings.record(op, nanos);
    }
  }

  @Override
  void countZeroVectorQuery() {
    zeroVectorQueries.increment();
  }

  @Override
  MemoryTimings timingSnapshot() {
    synchronized (timings) {
      return timings.snapshot();
    }
  }

  @Override
  MemoryStats statsSnapshot() {
    return new MemoryStats(core.size(), core.evictions(), zeroVectorQueries.sum(), searches.sum(), reranked.sum());
  }

  @Override
  void releaseResources() {
    synchronized (timings) {
      timings.release();
    }
    pool.clear();
  }
}
