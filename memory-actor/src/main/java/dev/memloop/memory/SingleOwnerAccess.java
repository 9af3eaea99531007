package dev.memloop.memory;

import dev.memloop.memory.index.SearchBuffers;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The default discipline: a memory owned by one thread at a time (in memloop, by one agent actor), with no lock and
 * no allocation on a search beyond its results. Using it from two threads at once is a bug, and it is detected: each
 * entry claims the memory for the calling thread with one compare-and-set ({@link #enter}), and a second thread that
 * finds it claimed gets a {@link ConcurrentMemoryUseException} before it touches anything. Threads one after another
 * (an actor moved between dispatcher threads) are fine.
 */
final class SingleOwnerAccess implements AccessDiscipline {

  private static final long FREE = -1;
  private static final VarHandle INSIDE;

  static {
    try {
      INSIDE = MethodHandles.lookup().findVarHandle(SingleOwnerAccess.class, "inside", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The id of the thread inside the memory, or {@link #FREE}. A field and a VarHandle, not an AtomicLong: 16
   * bytes less per agent. */
  @SuppressWarnings("unused") // through INSIDE
  private volatile long inside = FREE;
  /** Entries of the thread inside (an operation that reads inside a write); touched only by that thread. */
  private int depth;
  /** Created by the first search: a memory that is only written to never needs it. */
  private SearchBuffers buffers;
  private long zeroVectorQueries;

  /** Claims the memory for this thread, or throws if another thread is inside it; changes nothing then. */
  private void enter() {
    if (!tryEnter()) {
      throw new ConcurrentMemoryUseException(Thread.currentThread().getName(), (long) INSIDE.getOpaque(this));
    }
  }

  /**
   * As {@link #enter}, for the bookkeeping after an operation has done its work (its timing sample): another thread
   * inside means the sample is dropped, not that the finished, acknowledged operation is reported as refused.
   */
  private boolean tryEnter() {
    long me = Thread.currentThread().getId();
    if (depth == 0 || (long) INSIDE.getOpaque(this) != me) {
      long found = (long) INSIDE.compareAndExchange(this, FREE, me);
      if (found != FREE && found != me) {
        return false;
      }
    }
    depth++;
    return true;
  }

  private void exit() {
    if (--depth == 0) {
      INSIDE.setRelease(this, FREE);
    }
  }

  @Override
  public void beginWrite() {
    enter();
  }

  @Override
  public void endWrite() {
    exit();
  }

  @Override
  public void beginRead(boolean touches) {
    enter();
  }

  @Override
  public void endRead(boolean touches) {
    exit();
  }

  @Override
  public SearchBuffers takeBuffers() {
    if (buffers == null) {
      buffers = new SearchBuffers();
    }
    return buffers;
  }

  @Override
  public void giveBack(SearchBuffers buffers, long searchesBefore, long rerankedBefore) {}

  /**
   * The timing reservoirs are state too (two threads recording at once corrupted them), but the operation they time
   * is done: with another thread inside, its sample is dropped.
   */
  @Override
  public Recorder guard(Recorder recorder) {
    if (recorder == Recorder.DISABLED) {
      return recorder; // nothing to guard: no claim per operation
    }
    return new Recorder() {
      @Override
      public void record(int op, long nanos) {
        if (tryEnter()) {
          try {
            recorder.record(op, nanos);
          } finally {
            exit();
          }
        }
      }

      @Override
      public MemoryTimings snapshot() {
        return recorder.snapshot();
      }

      @Override
      public void release() {
        recorder.release();
      }
    };
  }

  @Override
  public void countZeroVectorQuery() {
    if (tryEnter()) {
      try {
        zeroVectorQueries++;
      } finally {
        exit();
      }
    }
  }

  @Override
  public MemoryStats stats(int size, long evictions) {
    return new MemoryStats(size, evictions, zeroVectorQueries, buffers == null ? 0 : buffers.searches(),
        buffers == null ? 0 : buffers.reranked());
  }

  @Override
  public void release() {
    buffers = null;
  }
}
