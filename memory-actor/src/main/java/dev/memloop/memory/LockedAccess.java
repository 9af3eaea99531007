package dev.memloop.memory;

import dev.memloop.memory.index.SearchBuffers;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The thread-safe discipline, for structures that many threads read and write (a shared blackboard, a store served
 * to many agents). Searches run in parallel under a read lock, each with search buffers taken from a pool; writes are
 * exclusive, so every write that has returned is visible to every later search, and no write is lost or overwritten.
 * With {@link Eviction#LEAST_RECENTLY_RECALLED} a search also records recency, so searches take the write lock too.
 */
final class LockedAccess implements AccessDiscipline {

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final ConcurrentLinkedQueue<SearchBuffers> pool = new ConcurrentLinkedQueue<>();
  private final LongAdder zeroVectorQueries = new LongAdder();
  private final LongAdder searches = new LongAdder();
  private final LongAdder reranked = new LongAdder();
  private volatile boolean released;

  @Override
  public void beginWrite() {
    lock.writeLock().lock();
  }

  @Override
  public void endWrite() {
    lock.writeLock().unlock();
  }

  @Override
  public void beginRead(boolean touches) {
    if (touches) {
      lock.writeLock().lock();
    } else {
      lock.readLock().lock();
    }
  }

  @Override
  public void endRead(boolean touches) {
    if (touches) {
      lock.writeLock().unlock();
    } else {
      lock.readLock().unlock();
    }
  }

  @Override
  public SearchBuffers takeBuffers() {
    SearchBuffers buffers = pool.poll();
    return buffers != null ? buffers : new SearchBuffers();
  }

  @Override
  public void giveBack(SearchBuffers buffers, long searchesBefore, long rerankedBefore) {
    searches.add(buffers.searches() - searchesBefore);
    reranked.add(buffers.reranked() - rerankedBefore);
    if (!released) {
      pool.offer(buffers);
    }
  }

  @Override
  public Recorder guard(Recorder recorder) {
    if (recorder == Recorder.DISABLED) {
      return recorder;
    }
    return new Recorder() {
      @Override
      public void record(int op, long nanos) {
        synchronized (recorder) {
          recorder.record(op, nanos);
        }
      }

      @Override
      public MemoryTimings snapshot() {
        synchronized (recorder) {
          return recorder.snapshot();
        }
      }

      @Override
      public void release() {
        synchronized (recorder) {
          recorder.release();
        }
      }
    };
  }

  @Override
  public void countZeroVectorQuery() {
    zeroVectorQueries.increment();
  }

  @Override
  public MemoryStats stats(int size, long evictions) {
    return new MemoryStats(size, evictions, zeroVectorQueries.sum(), searches.sum(), reranked.sum());
  }

  @Override
  public void release() {
    released = true;
    pool.clear();
  }
}
