package dev.memloop.bench.benchmarks.cluster;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Busy processes beside a cluster ({@code cluster-demo --hog N}): each is a JVM spinning one thread until its
 * deadline, so the machine is overloaded the way a shared host is, by someone else's work. Bounded twice: each exits by
 * itself at its deadline, whatever happens to this JVM, and {@link #close} kills every one it started, by pid.
 */
final class BusyProcesses implements AutoCloseable {

  /** Most busy processes per core a run may start: beyond that the nodes would hardly run at all. */
  static final int MAX_PER_CORE = 4;

  private final List<Process> processes = new ArrayList<>();

  /**
   * Starts {@code count} busy processes, each ending by itself after {@code deadline}.
   *
   * @throws IllegalArgumentException naming the count when it is negative or beyond {@link #MAX_PER_CORE} per core
   */
  static BusyProcesses start(int count, Duration deadline) throws IOException {
    check(count);
    BusyProcesses busy = new BusyProcesses();
    try {
      for (int i = 0; i < count; i++) {
        busy.processes.add(new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-Xmx32m",
            "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Spin.class.getName(),
            Long.toString(deadline.toMillis())).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start());
      }
    } catch (IOException | RuntimeException e) {
      busy.close();
      throw e;
    }
    return busy;
  }

  /**
   * {@code count}, if this machine may run that many.
   *
   * @throws IllegalArgumentException naming the count (as {@code hog}) when it is negative or beyond
   *     {@link #MAX_PER_CORE} per core
   */
  static int check(int count) {
    int cores = Runtime.getRuntime().availableProcessors();
    if (count < 0 || count > MAX_PER_CORE * cores) {
      throw new IllegalArgumentException("hog must be in [0, " + MAX_PER_CORE * cores + "] (at most " + MAX_PER_CORE
          + " busy processes per core, " + cores + " cores): " + count);
    }
    return count;
  }

  int count() {
    return processes.size();
  }

  /** The pids of the processes started, for a report. */
  List<Long> pids() {
    return processes.stream().map(Process::pid).toList();
  }

  @Override
  public void close() {
    for (Process p : processes) {
      p.destroyForcibly();
    }
    for (Process p : processes) {
      try {
        p.waitFor(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** One busy process: spins until its deadline (milliseconds from its start), then exits. */
  public static final class Spin {

    private Spin() {}

    public static void main(String[] args) {
      long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Long.parseLong(args[0]));
      long x = 1;
      while (System.nanoTime() < end) {
        for (int i = 0; i < 100_000; i++) {
          x = x * 6364136223846793005L + 1442695040888963407L; // work the JIT cannot remove: x is printed
        }
      }
      System.out.println(x);
    }
  }
}
