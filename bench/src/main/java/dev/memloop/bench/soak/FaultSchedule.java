package dev.memloop.bench.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Faults injected every {@code every}, in turn: a reasoner crash in a random agent of the wave running, then (with
 * PGlite under the soak) the database killed with SIGKILL and started again after {@code outage}. One thread of its
 * own, so that a database outage holds no agent's thread; {@link #stop} waits for a fault in progress to end.
 */
final class FaultSchedule implements AutoCloseable {

  /** One fault as injected: when (seconds since the soak began), what, and on what. */
  record Fault(double atSeconds, String kind, String target, String outcome) {}

  static final String CRASH = "reasoner-crash";
  static final String DATABASE = "database-kill";

  private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "memloop-soak-faults");
    t.setDaemon(true);
    return t;
  });
  private final List<Fault> injected = new ArrayList<>(); // the schedule's thread only, until stop
  private final long startNanos = System.nanoTime();
  private final SplittableRandom random;
  private int next;

  private FaultSchedule(long seed) {
    random = new SplittableRandom(seed);
  }

  /**
   * @param agents the ids of the agents alive now (the wave running)
   * @param database the database to kill, null when it is the user's own (never killed)
   */
  static FaultSchedule start(Duration every, Duration outage, long seed, Supplier<List<String>> agents,
      InjectedCrashes crashes, DatabaseUnderSoak database) {
    FaultSchedule schedule = new FaultSchedule(seed);
    schedule.thread.scheduleWithFixedDelay(() -> schedule.inject(agents, crashes, database, outage),
        every.toNanos(), every.toNanos(), TimeUnit.NANOSECONDS);
    return schedule;
  }

  private void inject(Supplier<List<String>> agents, InjectedCrashes crashes, DatabaseUnderSoak database,
      Duration outage) {
    double at = (System.nanoTime() - startNanos) / 1e9;
    boolean databaseTurn = database != null && next++ % 2 == 1;
    if (databaseTurn) {
      try {
        database.crashAndRestart(outage);
        injected.add(new Fault(at, DATABASE, "PGlite", "killed with SIGKILL, started again on its data after "
            + outage.toMillis() + " ms"));
      } catch (Exception e) {
        injected.add(new Fault(at, DATABASE, "PGlite", "could not be started again: " + e.getMessage()));
      }
      return;
    }
    List<String> alive = agents.get();
    if (alive.isEmpty()) {
      injected.add(new Fault(at, CRASH, "-", "no agent alive between waves: skipped"));
      return;
    }
    String target = alive.get(random.nextInt(alive.size()));
    injected.add(new Fault(at, CRASH, target, crashes.arm(target) ? "armed: its next decision throws"
        : "already armed"));
  }

  /** Stops the schedule, a fault in progress allowed to end (a restarting database included). */
  List<Fault> stop() throws InterruptedException {
    thread.shutdown();
    if (!thread.awaitTermination(5, TimeUnit.MINUTES)) {
      thread.shutdownNow();
    }
    return List.copyOf(injected);
  }

  @Override
  public void close() throws InterruptedException {
    stop();
  }
}
