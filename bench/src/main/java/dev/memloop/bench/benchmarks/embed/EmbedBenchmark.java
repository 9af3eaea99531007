package dev.memloop.bench.benchmarks.embed;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.NearestRank;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * {@code memloop bench embed}: what one text costs to embed, locally and statically versus with the
 * in-process transformer, and the complete loop-guard operation (embed, then match against a memory) at
 * 100 and 1,000 items. The paper's own figures are printed beside ours as reference rows.
 */
public final class EmbedBenchmark {

  /** The paper's measurements (Python, potion-retrieval-32M): §7. */
  public static final double PAPER_EMBED_US = 31.7;
  public static final double PAPER_COMPLETE_US = 40.0;

  public record Config(int lines, int rounds, int transformerCalls, List<Integer> memorySizes, long seed,
      double warmUpSeconds) {
    public Config {
      if (!(warmUpSeconds >= 0 && warmUpSeconds <= 600)) {
        throw new IllegalArgumentException("warm-up seconds must be in [0, 600]: " + warmUpSeconds);
      }
      if (lines <= 0) {
        throw new IllegalArgumentException("lines must be > 0: " + lines);
      }
      if (rounds <= 0) {
        throw new IllegalArgumentException("rounds must be > 0: " + rounds);
      }
      if (transformerCalls < 0) {
        throw new IllegalArgumentException("transformer calls must be >= 0: " + transformerCalls);
      }
      for (int size : memorySizes) {
        if (size <= 0) {
          throw new IllegalArgumentException("memory sizes must be > 0: " + size);
        }
      }
      memorySizes = List.copyOf(memorySizes);
    }
  }

  /** One measured operation: p50/p99 in microseconds over all rounds, and the range of per-round medians. */
  public record Row(String operation, double p50Micros, double p99Micros, double roundMin, double roundMax, long samples) {}

  public record Result(String staticEmbedder, String transformer, List<Row> rows, double transformerOverStatic) {}

  private EmbedBenchmark() {}

  public static Result run(Config config, Embedder fast, Embedder transformer, Consumer<String> progress) {
    String[] lines = lines(config.seed(), config.lines());
    List<String> names = new ArrayList<>();
    List<Function<String, Object>> ops = new ArrayList<>();
    List<WorkingMemory> memories = new ArrayList<>();
    names.add("embed, static (" + fast.name() + ")");
    ops.add(fast::embed);
    for (int size : config.memorySizes()) {
      WorkingMemory memory = WorkingMemory.builder(fast).expectedSize(size).build();
      for (String line : lines(config.seed() + size, size)) {
        if (knows(fast, line)) { // a small model may know no token of a line
          memory.add(line);
        }
      }
      memories.add(memory);
      names.add("embed + match, " + size + " items");
      ops.add(line -> memory.seen(line, 0.95));
    }
    try {
      progress.accept("  warming up " + ops.size() + " operations");
      for (Function<String, Object> op : ops) {
        warmUp(op, lines, config.warmUpSeconds());
      }
      List<Row> rows = timeInRounds(names, ops, lines, config.rounds(), progress);
      double ratio = Double.NaN;
      if (transformer != null && config.transformerCalls() > 0) {
        progress.accept("  in-process transformer " + transformer.name());
        String[] few = Arrays.copyOf(lines, Math.min(lines.length, config.transformerCalls()));
        Function<String, Object> slow = transformer::embed;
        warmUp(slow, few, Math.min(2, config.warmUpSeconds()));
        Row row = timeInRounds(List.of("embed, transformer (" + transformer.name() + ")"), List.of(slow), few,
            Math.max(1, config.rounds() / 2), progress).get(0);
        rows.add(row);
        ratio = row.p50Micros() / rows.get(0).p50Micros();
      }
      return new Result(fast.name(), transformer == null ? "-" : transformer.name(), rows, ratio);
    } finally {
      memories.forEach(WorkingMemory::close);
    }
  }

  /** Untimed passes for {@code seconds}: C2 needs thousands of calls before a fast operation is compiled. */
  private static void warmUp(Function<String, Object> op, String[] lines, double seconds) {
    int sink = 0;
    long end = System.nanoTime() + (long) (seconds * 1e9);
    do {
      for (String line : lines) {
        sink += System.identityHashCode(op.apply(line)) & 1;
      }
    } while (System.nanoTime() < end);
    blackhole = sink;
  }

  /** Every call timed, the operations taking turns pass by pass, the first of each round rotating. */
  private static List<Row> timeInRounds(List<String> names, List<Function<String, Object>> ops, String[] lines,
      int rounds, Consumer<String> progress) {
    int k = ops.size();
    long[][] all = new long[k][rounds * lines.length];
    double[][] medians = new double[k][rounds];
    int sink = 0;
    for (int round = 0; round < rounds; round++) {
      progress.accept("  round " + (round + 1) + "/" + rounds);
      for (int turn = 0; turn < k; turn++) {
        int o = (turn + round) % k;
        Function<String, Object> op = ops.get(o);
        long[] these = new long[lines.length];
        for (int i = 0; i < lines.length; i++) {
          long start = System.nanoTime();
          Object result = op.apply(lines[i]);
          these[i] = System.nanoTime() - start;
          sink += System.identityHashCode(result) & 1;
        }
        System.arraycopy(these, 0, all[o], round * lines.length, lines.length);
        Arrays.sort(these);
        medians[o][round] = NearestRank.percentile(these, these.length, 0.5) / 1000.0;
      }
    }
    blackhole = sink;
    List<Row> rows = new ArrayList<>();
    for (int o = 0; o < k; o++) {
      long[] sorted = all[o];
      Arrays.sort(sorted);
      rows.add(new Row(names.get(o), NearestRank.percentile(sorted, sorted.length, 0.5) / 1000.0,
          NearestRank.percentile(sorted, sorted.length, 0.99) / 1000.0, Arrays.stream(medians[o]).min().orElse(0),
          Arrays.stream(medians[o]).max().orElse(0), sorted.length));
    }
    return rows;
  }

  private static volatile int blackhole;

  /** Whether an embedder can embed a line at all (a zero vector means it knows none of its tokens). */
  private static boolean knows(Embedder embedder, String line) {
    for (float x : embedder.embed(line)) {
      if (x != 0) {
        return true;
      }
    }
    return false;
  }

  private static final String[] HOSTS = {"web-03", "web-07", "db-01", "api-7", "mail-2", "vpn-gw", "k8s-node-4"};
  private static final String[] SIGNATURES = {"ssh-bruteforce", "sql-injection", "port-scan", "phishing-link",
      "impossible-travel", "crypto-miner", "privilege-escalation"};
  private static final String[] PROSE = {"the", "meeting", "was", "moved", "to", "thursday", "because", "of", "a",
      "storm", "restart", "payment", "service", "and", "check", "error", "rate", "again", "please", "book", "flight",
      "lisbon", "next", "monday", "morning", "budget", "is", "two", "thousand", "euros", "for", "trip"};

  /** Seeded ~10-word lines: half triage action lines with a reason, half prose. */
  public static String[] lines(long seed, int n) {
    SplittableRandom random = new SplittableRandom(seed);
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      if (i % 2 == 0) {
        out[i] = "investigate host=" + HOSTS[random.nextInt(HOSTS.length)] + " sig="
            + SIGNATURES[random.nextInt(SIGNATURES.length)] + " after repeated alerts from the "
            + PROSE[random.nextInt(PROSE.length)] + " monitor";
      } else {
        StringBuilder line = new StringBuilder();
        for (int w = 0; w < 10; w++) {
          line.append(w == 0 ? "" : " ").append(PROSE[random.nextInt(PROSE.length)]);
        }
        out[i] = line.toString();
      }
    }
    return out;
  }
}
