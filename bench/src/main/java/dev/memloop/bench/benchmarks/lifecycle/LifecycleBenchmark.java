package dev.memloop.bench.benchmarks.lifecycle;

import dev.memloop.workloads.vectors.VectorSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code memloop bench lifecycle}: ephemeral create-fill-recall-close lifecycles per second, every
 * competitor in the same JVM, in alternating timed rounds. The paper's store managed ~60,000 per second.
 */
public final class LifecycleBenchmark {

  public record Config(int items, int dimension, int k, double secondsPerRound, int rounds, long seed,
      List<Lifecycle> competitors) {
    public Config {
      if (items <= 0) {
        throw new IllegalArgumentException("items must be > 0: " + items);
      }
      if (dimension <= 0) {
        throw new IllegalArgumentException("dim must be > 0: " + dimension);
      }
      if (k <= 0) {
        throw new IllegalArgumentException("k must be > 0: " + k);
      }
      if (!(secondsPerRound > 0 && secondsPerRound <= 60)) {
        throw new IllegalArgumentException("seconds per round must be in (0, 60]: " + secondsPerRound);
      }
      if (rounds <= 0) {
        throw new IllegalArgumentException("rounds must be > 0: " + rounds);
      }
      if (competitors.isEmpty()) {
        throw new IllegalArgumentException("at least one competitor is needed");
      }
      competitors = List.copyOf(competitors);
    }
  }

  /** Lifecycles per second: median over rounds, the slowest and fastest round, and the ratio to the floor. */
  public record Row(Lifecycle competitor, String label, double perSecond, double minRound, double maxRound,
      double ratioToFloor) {}

  public record Result(Config config, List<Row> rows) {
    public Row row(Lifecycle c) {
      return rows.stream().filter(r -> r.competitor() == c).findFirst().orElse(null);
    }
  }

  /** Per competitor before any timed round: long enough for C2 to compile every hot path here. */
  private static final double WARM_UP_SECONDS = 2.0;
  private static final int SETS = 64;
  private static final int BATCH = 256;

  /** Written with every timed loop's results, so that no lifecycle can be optimized away. */
  private static volatile int blackhole;

  private LifecycleBenchmark() {}

  public static Result run(Config config, Consumer<String> progress) {
    float[][][] sets = new float[SETS][][];
    float[][] queries = VectorSets.random(config.seed() + 1, SETS, config.dimension());
    for (int s = 0; s < SETS; s++) {
      sets[s] = VectorSets.random(config.seed() + 100 + s, config.items(), config.dimension());
    }
    Map<Lifecycle, double[]> rates = new EnumMap<>(Lifecycle.class);
    List<Lifecycle> order = new ArrayList<>(config.competitors());
    for (Lifecycle c : order) {
      rates.put(c, new double[config.rounds()]);
      measure(c, sets, queries, config.k(), WARM_UP_SECONDS);
    }
    for (int round = 0; round < config.rounds(); round++) {
      progress.accept("  round " + (round + 1) + "/" + config.rounds());
      for (Lifecycle c : order) {
        rates.get(c)[round] = measure(c, sets, queries, config.k(), config.secondsPerRound());
      }
      order.add(order.remove(0));
    }
    double floor = rates.containsKey(Lifecycle.BARE_ARRAY) ? median(rates.get(Lifecycle.BARE_ARRAY)) : Double.NaN;
    List<Row> rows = new ArrayList<>();
    for (Lifecycle c : config.competitors()) {
      double[] r = rates.get(c);
      double median = median(r);
      rows.add(new Row(c, c.label(), median, Arrays.stream(r).min().orElse(0), Arrays.stream(r).max().orElse(0),
          median / floor));
    }
    return new Result(config, rows);
  }

  private static double measure(Lifecycle c, float[][][] sets, float[][] queries, int k, double seconds) {
    long budget = (long) (seconds * 1e9);
    long start = System.nanoTime();
    long elapsed;
    long done = 0;
    int sink = 0;
    do {
      sink += batch(c, sets, queries, k);
      done += BATCH;
      elapsed = System.nanoTime() - start;
    } while (elapsed < budget);
    blackhole = sink;
    return done / (elapsed / 1e9);
  }

  /**
   * One batch of lifecycles. A method of its own, so that the JIT compiles it after a few hundred calls
   * instead of waiting for an on-stack replacement of a long-running loop (measured: seconds of slow
   * interpreted rounds otherwise).
   */
  private static int batch(Lifecycle c, float[][][] sets, float[][] queries, int k) {
    int sink = 0;
    for (int i = 0; i < BATCH; i++) {
      int s = i % SETS;
      sink += c.live(sets[s], queries[s], k);
    }
    return sink;
  }

  private static double median(double[] values) {
    return dev.memloop.memory.timing.NearestRank.median(values);
  }
}
