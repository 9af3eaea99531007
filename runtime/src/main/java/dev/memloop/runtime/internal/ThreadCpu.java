package dev.memloop.runtime.internal;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Whether a thread was running: each message of an agent with a memory marks its thread when it begins (the wall
 * clock, the thread's CPU time and its run-queue wait), and a lookup that turned out slow asks how long the thread
 * has been off its CPU since the mark, and how much of that it waited for a core ({@link RunQueueWait}); the rest
 * it was blocked (a ZGC allocation stall, a lock, a page read from disk) or stopped for a collection. Both readings
 * are system calls (0.2 and 0.4 us on the 2-core VM the fleets are measured on; 2-3 us on other days' machine), so
 * they are read once per message and once per slow lookup, never per step. The message number tells a lookup
 * answered within the message that made it from one answered by a later message (a networked store's reply), on
 * this thread or another.
 *
 * <p>Per thread: every method concerns the calling thread.
 */
public final class ThreadCpu {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final boolean SUPPORTED = THREADS.isCurrentThreadCpuTimeSupported() && cpuTimeEnabled();
  /** Message numbers start at the thread's id shifted past this many bits: no two threads share one. */
  private static final int MESSAGE_BITS = 40;

  /**
   * {wall nanos at the mark, thread CPU nanos at the mark (-1: never marked, or not readable), message number,
   * run-queue wait nanos at the mark (-1: not readable)}.
   */
  private static final ThreadLocal<long[]> MARKS =
      ThreadLocal.withInitial(() -> new long[] {0, -1, Thread.currentThread().getId() << MESSAGE_BITS, -1});

  private ThreadCpu() {}

  private static boolean cpuTimeEnabled() {
    try {
      if (!THREADS.isThreadCpuTimeEnabled()) {
        THREADS.setThreadCpuTimeEnabled(true);
      }
      return THREADS.isThreadCpuTimeEnabled();
    } catch (UnsupportedOperationException | SecurityException e) {
      return false;
    }
  }

  /** A message begins on this thread. */
  public static void mark() {
    long[] marks = MARKS.get();
    mark(marks, System.nanoTime(), SUPPORTED ? THREADS.getCurrentThreadCpuTime() : -1);
    marks[3] = SUPPORTED ? RunQueueWait.nanos() : -1;
  }

  /** The number of the message running on this thread: another one later means a later message (or thread). */
  public static long message() {
    return MARKS.get()[2];
  }

  /**
   * Wall time minus this thread's CPU time since its last mark, nanoseconds (at least 0): how long it was not running
   * since the message began; -1 when this JVM cannot read a thread's CPU time or the thread was never marked.
   */
  public static long offCpuSinceMark() {
    long[] marks = MARKS.get();
    return marks[1] < 0 ? -1 : offCpu(marks, System.nanoTime(), THREADS.getCurrentThreadCpuTime());
  }

  /**
   * How long this thread waited for a core since its last mark, nanoseconds (at least 0): of its time off its CPU,
   * the part it was runnable; -1 when the system does not report it or the thread was never marked.
   */
  public static long waitingSinceMark() {
    long[] marks = MARKS.get();
    if (marks[1] < 0 || marks[3] < 0) {
      return -1;
    }
    long now = RunQueueWait.nanos();
    return now < 0 ? -1 : Math.max(0, now - marks[3]);
  }

  static void mark(long[] marks, long wallNanos, long cpuNanos) {
    marks[0] = wallNanos;
    marks[1] = cpuNanos;
    marks[2]++;
  }

  /** The arithmetic of {@link #offCpuSinceMark}, on given clock readings. */
  static long offCpu(long[] marks, long wallNanos, long cpuNanos) {
    return Math.max(0, (wallNanos - marks[0]) - (cpuNanos - marks[1]));
  }

  /** Fresh marks of a thread never marked (for tests of the arithmetic). */
  static long[] unmarked() {
    return new long[] {0, -1, 0, -1};
  }
}
