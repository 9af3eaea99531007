package dev.memloop.runtime.internal;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Whether a thread was running: each message of an agent with a memory marks its thread when it begins (the wall
 * clock and the thread's CPU time), and a lookup that turned out slow asks how long the thread has been off its CPU
 * since the mark (descheduled, blocked, stopped for a collection). Reading a thread's CPU time costs a system call
 * (2-3 us on the 2-core VM the fleets are measured on), so it is read once per message and once per slow lookup,
 * never per step. The message number tells a lookup answered within the message that made it from one answered by
 * a later message (a networked store's reply), on this thread or another.
 *
 * <p>Per thread: every method concerns the calling thread.
 */
public final class ThreadCpu {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final boolean SUPPORTED = THREADS.isCurrentThreadCpuTimeSupported() && cpuTimeEnabled();
  /** Message numbers start at the thread's id shifted past this many bits: no two threads share one. */
  private static final int MESSAGE_BITS = 40;

  /**
   * {wall nanos at the mark, thread CPU nanos at the mark (-1: never marked, or not readable), message number}.
   */
  private static final ThreadLocal<long[]> MARKS =
      ThreadLocal.withInitial(() -> new long[] {0, -1, Thread.currentThread().getId() << MESSAGE_BITS});

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
    mark(MARKS.get(), System.nanoTime(), SUPPORTED ? THREADS.getCurrentThreadCpuTime() : -1);
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
    return new long[] {0, -1, 0};
  }
}
