package dev.memloop.runtime.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How long the calling thread has waited for a core, in all: the Linux scheduler's run delay, the second field of
 * {@code /proc/thread-self/schedstat} (nanoseconds the thread spent runnable on a run queue, not running). A thread
 * off its CPU either waited for a core (this grows) or was blocked: a ZGC allocation stall, a lock, a page read from
 * disk (it does not). The JDK offers no reading of it, hence this file read; elsewhere than Linux, or where the
 * kernel keeps no scheduler statistics, every reading is -1.
 *
 * <p>Each thread keeps its own file open ({@code thread-self} names the thread that opened it) and re-reads it from
 * the start: one {@code pread}, 0.4 us on the 2-core VM the fleets are measured on, into a buffer it reuses. A
 * thread's run delay is complete whenever it runs, so the thread that reads it reads a settled figure.
 *
 * <p>Per thread: every method concerns the calling thread.
 */
final class RunQueueWait {

  private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");
  private static final boolean SUPPORTED = Files.isReadable(SCHEDSTAT);

  /** The calling thread's open schedstat and its buffer; null once a read failed (then -1 for good). */
  private static final ThreadLocal<Reader> READERS = ThreadLocal.withInitial(Reader::open);

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

  /** One thread's open file; its file descriptor is closed by the channel's cleaner once the thread is gone. */
  private static final class Reader {
    private final FileChannel channel;
    private final ByteBuffer line = ByteBuffer.allocateDirect(96);
    private boolean failed;

    private Reader(FileChannel channel) {
      this.channel = channel;
    }

    static Reader open() {
      try {
        return new Reader(FileChannel.open(SCHEDSTAT, StandardOpenOption.READ));
      } catch (IOException | UnsupportedOperationException | SecurityException e) {
        return null;
      }
    }

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
