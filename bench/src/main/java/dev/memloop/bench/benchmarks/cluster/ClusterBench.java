package dev.memloop.bench.benchmarks.cluster;

import com.typesafe.config.Config;
import dev.memloop.cli.report.Percentiles;
import dev.memloop.cli.report.TextTable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code memloop bench cluster}: {@link ClusterOverhead} in alternating rounds, then {@link CrossNodeRoundTrips}. */
public final class ClusterBench {

  public record Settings(int agents, int rounds, int requests, int items, int posts, long seed) {}

  /** Everything measured, and the report printed from it. */
  public record Result(List<ClusterOverhead.Result> overhead, double threeOverOneMedian, double threeOverOneMin,
      double threeOverOneMax, CrossNodeRoundTrips.StoreTrips store, CrossNodeRoundTrips.BoardTrips board,
      String report) {}

  private ClusterBench() {}

  public static Result run(Settings s, Config base, PrintWriter progress) throws Exception {
    List<ClusterOverhead.Result> overhead = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    progress.println("warm-up: one untimed round on 1 node");
    progress.flush();
    ClusterOverhead.run(1, s.agents(), 4, s.seed(), base); // the first cluster in a JVM runs while the JIT works
    for (int r = 0; r < s.rounds(); r++) {
      ClusterOverhead.Result one = ClusterOverhead.run(1, s.agents(), 4, s.seed(), base);
      ClusterOverhead.Result three = ClusterOverhead.run(3, s.agents(), 4, s.seed(), base);
      overhead.add(one);
      overhead.add(three);
      ratios.add(three.guardedPerSecond() / one.guardedPerSecond());
      progress.printf(Locale.ROOT, "round %d: 1 node %.0f guarded steps/s, 3 nodes %.0f%n", r + 1,
          one.guardedPerSecond(), three.guardedPerSecond());
      progress.flush();
    }
    ratios.sort(null);
    CrossNodeRoundTrips.StoreTrips store = CrossNodeRoundTrips.store(s.requests(), s.items(), base);
    CrossNodeRoundTrips.BoardTrips board = CrossNodeRoundTrips.board(s.posts(), 3, base);
    double median = ratios.get((ratios.size() - 1) / 2);
    return new Result(overhead, median, ratios.get(0), ratios.get(ratios.size() - 1), store, board,
        report(overhead, median, ratios.get(0), ratios.get(ratios.size() - 1), store, board));
  }

  private static String report(List<ClusterOverhead.Result> overhead, double median, double min, double max,
      CrossNodeRoundTrips.StoreTrips store, CrossNodeRoundTrips.BoardTrips board) {
    TextTable steps = new TextTable("nodes", "agents", "steps", "guarded", "seconds", "guarded steps/s");
    for (ClusterOverhead.Result r : overhead) {
      steps.row(r.nodes(), r.agents(), r.steps(), r.guardedSteps(), String.format(Locale.ROOT, "%.2f", r.seconds()),
          String.format(Locale.ROOT, "%,.0f", r.guardedPerSecond()));
    }
    TextTable trips = new TextTable("round trip", "p50 us", "p99 us");
    trips.row("store lookup, same node", store.localP50(), store.localP99());
    trips.row("store lookup, store node", store.remoteP50(), store.remoteP99());
    trips.row("board post acknowledged (majority)", board.ackP50(), board.ackP99());
    trips.row("board post readable on the other nodes", board.propagationP50(), board.propagationP99());
    return steps.plain() + String.format(Locale.ROOT, "3 nodes / 1 node guarded steps/s: %.2fx (median of %d "
        + "rounds, range %.2f-%.2f); same CPU, so this is overhead%n%n", median, overhead.size() / 2, min, max)
        + trips.plain() + String.format(Locale.ROOT, "store: %d lookups per path over %d items, sent from an actor, "
        + "paths alternating; "
        + "store node / same node p50 %.1fx. board: %d posts on %d nodes, %.0f%% of them first reached the other "
        + "nodes by the direct message (the rest by gossip), propagation max %d us, %d writes not confirmed by a "
        + "majority%n", store.requests(), store.items(), store.remoteOverLocalP50(), board.posts(), board.nodes(),
        board.directShare() * 100, board.propagationMax(), board.unconfirmed()) + Percentiles.HDR_HISTOGRAM + "\n";
  }
}
