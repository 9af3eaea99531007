package dev.memloop.bench.benchmarks.store;

import dev.memloop.memory.timing.NearestRank;
import dev.memloop.workloads.vectors.VectorSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code memloop bench store}: k-NN latency of several implementations on the same seeded unit vectors,
 * side by side in one JVM. Rounds alternate the competitors (rotating who goes first) so that machine
 * noise and JIT state spread over all of them; the spread of per-round medians is reported with every
 * median. Only the search call is timed.
 */
public final class StoreBenchmark {

  /** Gaussian directions; 32 clusters; every vector within ~0.01 cosine distance of one base. */
  public static final List<String> DATA_SETS = List.of("random", "clustered", "near-duplicates");

  /** What to measure. */
  public record Config(int items, int dimension, int k, int queries, int rounds, long seed, String data,
      List<Competitor> competitors) {
    public Config {
      positive(items, "items");
      positive(dimension, "dim");
      positive(k, "k");
      positive(queries, "queries");
      positive(rounds, "rounds");
      if (!DATA_SETS.contains(data)) {
        throw new IllegalArgumentException("data must be one of " + DATA_SETS + ", not '" + data + "'");
      }
      if (competitors.isEmpty()) {
        throw new IllegalArgumentException("at least one competitor is needed");
      }
      competitors = List.copyOf(competitors);
    }

    private static void positive(int value, String name) {
      if (value <= 0) {
        throw new IllegalArgumentException(name + " must be > 0: " + value);
      }
    }
  }

  /** One competitor's figures, in nanoseconds; {@code ratioToMemloop} is its p50 over memloop's. */
  public record Row(Competitor competitor, String label, long p50, long p99, long roundP50Min,
      long roundP50Max, double recallAtK, double ratioToMemloop, double rescoredPerQuery) {}

  public record Result(Config config, List<Row> rows) {
    public Row row(Competitor c) {
      return rows.stream().filter(r -> r.competitor() == c).findFirst().orElse(null);
    }
  }

  /** Written with every timed loop's results, so that no search can be optimized away. */
  private static volatile int blackhole;

  private StoreBenchmark() {}

  public static Result run(Config config, Consumer<String> progress) {
    float[][] data = dataSet(config);
    float[][] queries = VectorSets.random(config.seed() + 1, config.queries(), config.dimension());
    GroundTruth truth = new GroundTruth(data, queries, config.k());

    Map<Competitor, SearchCompetitor<?>> built = new EnumMap<>(Competitor.class);
    for (Competitor c : config.competitors()) {
      progress.accept("  building " + c.label() + " over " + config.items() + " items");
      built.put(c, c.build(data));
    }
    Map<Competitor, Double> recall = new EnumMap<>(Competitor.class);
    Map<Competitor, long[]> samples = new EnumMap<>(Competitor.class);
    Map<Competitor, long[]> roundMedians = new EnumMap<>(Competitor.class);
    for (Competitor c : config.competitors()) {
      recall.put(c, measureRecall(built.get(c), queries, truth, config.k()));
      samples.put(c, new long[config.rounds() * config.queries()]);
      roundMedians.put(c, new long[config.rounds()]);
    }
    List<Competitor> order = new ArrayList<>(config.competitors());
    for (int warm = 0; warm < 2; warm++) {
      for (Competitor c : order) {
        time(built.get(c), queries, config.k(), new long[config.queries()], 0);
      }
    }
    for (int round = 0; round < config.rounds(); round++) {
      progress.accept("  round " + (round + 1) + "/" + config.rounds());
      for (Competitor c : order) {
        long[] all = samples.get(c);
        int from = round * config.queries();
        time(built.get(c), queries, config.k(), all, from);
        long[] thisRound = Arrays.copyOfRange(all, from, from + config.queries());
        Arrays.sort(thisRound);
        roundMedians.get(c)[round] = NearestRank.percentile(thisRound, thisRound.length, 0.5);
      }
      order.add(order.remove(0)); // rotate who goes first
    }
    Map<Competitor, Double> rescored = new EnumMap<>(Competitor.class);
    built.forEach((c, competitor) -> rescored.put(c, competitor.rescoredPerQuery()));
    return summarize(config, samples, roundMedians, recall, rescored);
  }

  private static float[][] dataSet(Config config) {
    switch (config.data()) {
      case "clustered":
        return VectorSets.clustered(config.seed(), config.items(), config.dimension(), 32, 0.7);
      case "near-duplicates":
        return VectorSets.nearDuplicates(config.seed(), config.items(), config.dimension(), 0.01);
      default:
        return VectorSets.random(config.seed(), config.items(), config.dimension());
    }
  }

  private static Result summarize(Config config, Map<Competitor, long[]> samples, Map<Competitor, long[]> roundMedians,
      Map<Competitor, Double> recall, Map<Competitor, Double> rescored) {
    Map<Competitor, long[]> p50p99 = new EnumMap<>(Competitor.class);
    for (Map.Entry<Competitor, long[]> e : samples.entrySet()) {
      long[] sorted = e.getValue().clone();
      Arrays.sort(sorted);
      p50p99.put(e.getKey(), new long[] {NearestRank.percentile(sorted, sorted.length, 0.5),
          NearestRank.percentile(sorted, sorted.length, 0.99)});
    }
    long memloopP50 = p50p99.containsKey(Competitor.MEMLOOP) ? p50p99.get(Competitor.MEMLOOP)[0] : 0;
    List<Row> rows = new ArrayList<>();
    for (Competitor c : config.competitors()) {
      long[] medians = roundMedians.get(c);
      long p50 = p50p99.get(c)[0];
      rows.add(new Row(c, c.label(), p50, p50p99.get(c)[1], Arrays.stream(medians).min().orElse(0),
          Arrays.stream(medians).max().orElse(0), recall.get(c),
          memloopP50 == 0 ? Double.NaN : (double) p50 / memloopP50, rescored.get(c)));
    }
    return new Result(config, rows);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static double measureRecall(SearchCompetitor competitor, float[][] queries, GroundTruth truth, int k) {
    double sum = 0;
    for (int q = 0; q < queries.length; q++) {
      sum += truth.recall(q, competitor.indexes(competitor.search(queries[q], k)), k);
    }
    return sum / queries.length;
  }

  /** Times each query's search alone; results feed a sink so that no search can be optimized away. */
  private static void time(SearchCompetitor<?> competitor, float[][] queries, int k, long[] into, int from) {
    int sink = 0;
    for (int q = 0; q < queries.length; q++) {
      long start = System.nanoTime();
      Object result = competitor.search(queries[q], k);
      into[from + q] = System.nanoTime() - start;
      sink += System.identityHashCode(result) & 1;
    }
    blackhole = sink;
  }
}
