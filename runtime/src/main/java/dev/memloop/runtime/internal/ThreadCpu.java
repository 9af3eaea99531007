package dev.memloop.runtime.internal;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Whether a thread was running: each agent message marks its thread when it begins (the wall clock and the thread's
 * CPU time), and a lookup that turned out slow asks how long the thread has been off its CPU since the mark
 * (descheduled, blocked, stopped for a collection). Reading a thread's CPU time costs a system call (2-3 us on the
 * 2-core VM the fleets are measured on), so it is read once per message and once per slow lookup, never per step.
 * The sequence number tells a lookup answered within the message that made it from one answered by a later message
 * (a networked store's reply).
 *
 * <p>Per thread: every method concerns the calling thread.
 */
public final class ThreadCpu {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final boolean SUPPORTED = THREADS.isCurrentThreadCpuTimeSupported() && cpuTimeEnabled();

  /** {wall nanos at the mark, thread CPU nanos at the mark, marks so far} */
  private static final ThreadLocal<long[]> MARKS = ThreadLocal.withInitial(() -> new long[3]);

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
    marks[0] = System.nanoTime();
    marks[1] = SUPPORTED ? THREADS.getCurrentThreadCpuTime() : -1;
    marks[2]++;
  }

  /** This thread's marks so far: a read whose answer comes under another number was answered by a later message. */
  public static long sequence() {
    return MARKS.get()[2];
  }

  /**
   * Wall time minus this thread's CPU time since its last mark, nanoseconds (at least 0): how long it was not running
   * since the message began; -1 when this JVM cannot read a thread's CPU time or the thread was never marked.
   */
  public static long offCpuSinceMark() {
    long[] marks = MARKS.get();
    if (!SUPPORTED || marks[2] == 0 || marks[1] < 0) {
      return -1;
    }
    long wall = System.nanoTime() - marks[0];
    long cpu = THREADS.getCurrentThreadCpuTime() - marks[1];
    return Math.max(0, wall - cpu);
  }
}
