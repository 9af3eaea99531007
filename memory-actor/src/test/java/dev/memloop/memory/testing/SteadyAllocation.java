package dev.memloop.memory.testing;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Bytes a call allocates once the JIT has compiled it, counted with the JVM's per-thread allocation counter, so a
 * count and never a timing.
 *
 * <p>Why windows and not one measurement: C2 compiles in the background, and on a loaded machine a compilation can
 * still be queued, or a method deoptimized and recompiled, after any fixed warm-up. A call that runs interpreted for a
 * few iterations allocates what escape analysis would have removed (a Vector API kernel boxes its vectors), so a single
 * window reports a compile event, not the code. The steady state is the least a window allocates; a call that really
 * allocates does so in every window and still fails the caller's assertion.
 */
public final class SteadyAllocation {

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private final long bytesPerCall;
  private final List<Long> windows;

  private SteadyAllocation(long bytesPerCall, List<Long> windows) {
    this.bytesPerCall = bytesPerCall;
    this.windows = List.copyOf(windows);
  }

  /**
   * Runs {@code call} {@code warmup} times, then in windows of {@code calls} calls until a window allocates at most
   * {@code enough} bytes per call or {@code maxWindows} windows have run.
   *
   * @return the least bytes per call over the windows, with every window's figure for the failure message
   */
  public static SteadyAllocation measure(Runnable call, int warmup, int calls, int maxWindows, long enough) {
    if (warmup < 0 || calls <= 0 || maxWindows <= 0) {
      throw new IllegalArgumentException("warmup " + warmup + ", calls " + calls + ", maxWindows " + maxWindows
          + ": calls and maxWindows must be positive, warmup not negative");
    }
    for (int i = 0; i < warmup; i++) {
      call.run();
    }
    List<Long> perWindow = new ArrayList<>();
    long least = Long.MAX_VALUE;
    for (int w = 0; w < maxWindows && least > enough; w++) {
      long before = THREADS.getCurrentThreadAllocatedBytes();
      for (int i = 0; i < calls; i++) {
        call.run();
      }
      long perCall = (THREADS.getCurrentThreadAllocatedBytes() - before) / calls;
      perWindow.add(perCall);
      least = Math.min(least, perCall);
    }
    return new SteadyAllocation(least, perWindow);
  }

  /** The least bytes per call any window allocated. */
  public long bytesPerCall() {
    return bytesPerCall;
  }

  /** Bytes per call, window by window, in the order they ran. */
  public List<Long> windows() {
    return windows;
  }

  @Override
  public String toString() {
    return bytesPerCall + " bytes per call (windows: " + windows + ")";
  }
}
