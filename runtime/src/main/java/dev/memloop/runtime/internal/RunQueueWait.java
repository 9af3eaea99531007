package dev.memloop.runtime.internal;

import java.io.IOException;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Semaphore;

/**
 * How long the calling thread has waited for a core, in all: the Linux scheduler's run delay, the second field of
 * {@code /proc/thread-self/schedstat} (nanoseconds the thread spent runnable on a run queue, not running). A thread
 * off its CPU either waited for a core (this grows) or was blocked: a ZGC allocation stall, a lock, a page read from
 * disk (it does not). The JDK offers no reading of it, hence this file read; elsewhere than Linux, or where the
 * kernel keeps no scheduler statistics, every reading is -1.
 *
 * <p>Each thread keeps its own file open ({@code thread-self} names the thread that opened it) and re-reads it from
 * the start: one {@code pread}, 0.4 us on the 2-core VM the fleets are measured on, into a buffer it reuses. A
 * thread's run delay is complete whenever it runs, so the thread that reads it reads a settled figure. At most
 * {@value #MAX_OPEN} threads hold the file open at once, and a thread's file is closed once the thread is gone and
 * collected: thousands of short-lived threads must not run the process out of file descriptors. Threads beyond that
 * read -1 (their slow lookups count as descheduled, as without the file), and so do virtual threads: the file a
 * virtual thread opened names the carrier it ran on then, not the carrier it runs on later.
 *
 * <p>Per thread: every method concerns the calling thread.
 */
final class RunQueueWait {

  private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");
  private static final boolean SUPPORTED = Files.isReadable(SCHEDSTAT);

  /** Threads that may hold the file open at once; a fleet's dispatchers are a handful. */
  static final int MAX_OPEN = 256;
  private static final Semaphore OPEN = new Semaphore(MAX_OPEN);

  /** The calling thread's open schedstat and its buffer; null when none could be opened (then -1 for good). */
  private static final ThreadLocal<Reader> READERS = ThreadLocal.withInitial(() -> Reader.open(OPEN));

  private RunQueueWait() {}

  /** The calling thread's run delay so far, nanoseconds; -1 when this system does not report it. */
  static long nanos() {
    if (!SUPPORTED) {
      return -1;
    }
    Reader reader = READERS.get();
    return reader == null ? -1 : reader.read();
  }

  /**
   * The run delay in a schedstat line ({@code "<on-cpu ns> <run delay ns> <timeslices>"}), -1 when the line is not
   * one. Reads {@code line} from 0 up to {@code length}.
   */
  static long parse(ByteBuffer line, int length) {
    int i = 0;
    while (i < length && line.get(i) != ' ') { // the time on the CPU: skipped, the thread's CPU clock is exact
      i++;
    }
    i++;
    long value = 0;
    int digits = 0;
    while (i < length && line.get(i) >= '0' && line.get(i) <= '9') {
      value = value * 10 + (line.get(i) - '0');
      i++;
      digits++;
    }
    return digits == 0 || digits > 18 ? -1 : value;
  }

  /** Closes the files of threads that are gone (a thread's reader is reachable only from its thread-locals). */
  private static final class Closing {
    static final Cleaner CLEANER = Cleaner.create();
  }

  /** One thread's open file, closed (and its place under its limit given back) once the thread is gone. */
  static final class Reader {
    private final FileChannel channel;
    private final ByteBuffer line = ByteBuffer.allocateDirect(96);
    private boolean failed;

    private Reader(FileChannel channel) {
      this.channel = channel;
    }

    /** The calling thread's file, opened under a permit of {@code limit}; null without one or when it cannot be. */
    static Reader open(Semaphore limit) {
      // Thread.isVirtual() is JDK 21's; this code targets 17
      if (Thread.currentThread().getClass().getName().equals("java.lang.VirtualThread") || !limit.tryAcquire()) {
        return null;
      }
      FileChannel channel;
      try {
        channel = FileChannel.open(SCHEDSTAT, StandardOpenOption.READ);
      } catch (IOException | UnsupportedOperationException | SecurityException e) {
        limit.release();
        return null;
      }
      Reader reader = new Reader(channel);
      Closing.CLEANER.register(reader, () -> { // must not capture the reader: it would never become unreachable
        try {
          channel.close();
        } catch (IOException e) {
          // a read-only file of /proc: nothing was written that a failed close could lose
        }
        limit.release();
      });
      return reader;
    }

    /** This reader's thread's run delay so far, nanoseconds; -1 once a read failed. */
    long read() {
      if (failed) {
        return -1;
      }
      try {
        line.clear();
        int length = channel.read(line, 0);
        long delay = length <= 0 ? -1 : parse(line, length);
        failed = delay < 0;
        return delay;
      } catch (IOException e) {
        failed = true;
        return -1;
      }
    }
  }
}
