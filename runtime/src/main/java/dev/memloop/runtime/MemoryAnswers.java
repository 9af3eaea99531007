package dev.memloop.runtime;

import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where a memory call handed over from another thread is answered: threads of their own, never the agent's and never
 * the blocking dispatcher's. The callers of those calls wait on the blocking dispatcher (an LLM's tool loop joins its
 * memory calls there); when the answers needed a thread of that same pool, sixteen tool loops waiting at once took
 * every thread, no answer could be delivered, and a fleet of LLM agents whose model called {@code remember} first hung
 * until its ask timed out. An answer is one completion (and whatever a caller chained onto it without an executor),
 * so a thread is held for microseconds; the pool grows when callers chain slow work and shrinks when idle.
 */
final class MemoryAnswers {

  private static final AtomicInteger THREADS = new AtomicInteger();

  /** JVM-wide: daemon threads, made on demand, gone after a minute idle. */
  static final Executor EXECUTOR = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
      new SynchronousQueue<>(), task -> {
        Thread thread = new Thread(task, "memloop-memory-answer-" + THREADS.incrementAndGet());
        thread.setDaemon(true);
        return thread;
      });

  private MemoryAnswers() {}
}
