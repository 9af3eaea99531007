package dev.memloop.runtime.a2a;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** The A2A server's thread pools: daemon threads, named for a thread dump. */
final class Pools {

  private Pools() {}

  /** A pool of at most {@code most} threads, made as needed and let go when idle. */
  static ExecutorService bounded(int most, String prefix) {
    java.util.concurrent.ThreadPoolExecutor pool = new java.util.concurrent.ThreadPoolExecutor(most, most, 30,
        TimeUnit.SECONDS, new java.util.concurrent.LinkedBlockingQueue<>(), named(prefix));
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  static ThreadFactory named(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
