package dev.memloop.bench.cli;

import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.bench.benchmarks.store.Competitor;
import dev.memloop.bench.benchmarks.store.StoreBenchmark;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.timing.Units;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop bench store}: recall latency of memloop's index and what Java users would use instead. */
@Command(name = "store", mixinStandardHelpOptions = true,
    description = "k-NN recall latency, side by side on the same seeded vectors: memloop's exact index, plain "
        + "Vector API scans (1 and 4 accumulators), langchain4j InMemoryEmbeddingStore, hnswlib-core brute force "
        + "and HNSW. Prints p50, p99, the spread of per-round medians, recall@k and the ratio to memloop.")
final class StoreCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--items", split = ",", defaultValue = "100,1000,10000",
      description = "Memory sizes to measure (default: ${DEFAULT-VALUE}).")
  private List<Integer> items;

  @Option(names = "--dim", defaultValue = "256", description = "Vector dimension (default: ${DEFAULT-VALUE}).")
  private int dimension;

  @Option(names = "--k", defaultValue = "8", description = "Results per query (default: ${DEFAULT-VALUE}).")
  private int k;

  @Option(names = "--queries", defaultValue = "1000", description = "Queries per round (default: ${DEFAULT-VALUE}).")
  private int queries;

  @Option(names = "--rounds", defaultValue = "5", description = "Timed rounds (default: ${DEFAULT-VALUE}).")
  private int rounds;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of data and queries (default: ${DEFAULT-VALUE}).")
  private long seed;

  @Option(names = "--data", defaultValue = "random",
      description = "random (Gaussian directions), clustered or near-duplicates (default: ${DEFAULT-VALUE}).")
  private String data;

  @Option(names = "--competitors", split = ",",
      description = "Subset to run, of: ${COMPLETION-CANDIDATES} (default: all).")
  private List<Competitor> competitors;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    List<StoreBenchmark.Config> configs = new ArrayList<>();
    for (int n : items) {
      configs.add(Options.valid(spec, () -> new StoreBenchmark.Config(n, dimension, k, queries, rounds, seed, data,
          competitors == null || competitors.isEmpty() ? List.of(Competitor.values()) : competitorsWithMemloop())));
    }
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("items", items);
    parameters.put("dim", dimension);
    parameters.put("k", k);
    parameters.put("queries", queries);
    parameters.put("rounds", rounds);
    parameters.put("seed", seed);
    parameters.put("data", data);
    CommandRun run = CommandRun.start(spec, output, "store", parameters);
    PrintWriter console = run.console();

    List<StoreBenchmark.Result> results = new ArrayList<>();
    StringBuilder report = new StringBuilder();
    for (StoreBenchmark.Config config : configs) {
      console.printf(Locale.ROOT, "%n%,d items x %d dims, top-%d, %d queries x %d rounds, %s data, seed %d%n",
          config.items(), config.dimension(), config.k(), config.queries(), config.rounds(), config.data(), config.seed());
      StoreBenchmark.Result result = StoreBenchmark.run(config, console::println);
      results.add(result);
      TextTable table = table(result);
      console.print(table.plain());
      String verdict = verdict(result);
      console.print(verdict);
      report.append("## ").append(config.items()).append(" items\n\n").append(table.markdown()).append('\n')
          .append(verdict.replace("\n", "\n\n")).append('\n');
    }
    console.println();
    return run.finish("store.json", results, report.toString());
  }

  private List<Competitor> competitorsWithMemloop() {
    List<Competitor> chosen = new ArrayList<>(competitors);
    if (!chosen.contains(Competitor.MEMLOOP)) {
      chosen.add(0, Competitor.MEMLOOP); // every ratio is to memloop
    }
    return chosen;
  }

  static TextTable table(StoreBenchmark.Result result) {
    TextTable table = new TextTable("competitor", "p50 us", "p99 us", "round p50 us", "recall@" + result.config().k(),
        "x memloop", "rescored/query");
    for (StoreBenchmark.Row row : result.rows()) {
      table.row(row.label(), Units.micros(row.p50()), Units.micros(row.p99()),
          Units.micros(row.roundP50Min()) + "-" + Units.micros(row.roundP50Max()),
          String.format(Locale.ROOT, "%.4f", row.recallAtK()), String.format(Locale.ROOT, "%.2f", row.ratioToMemloop()),
          Double.isNaN(row.rescoredPerQuery()) ? "-" : String.format(Locale.ROOT, "%.1f", row.rescoredPerQuery()));
    }
    return table;
  }

  /** memloop's p50 as a fraction of each scan's, and how many times faster than langchain4j it is. */
  static String verdict(StoreBenchmark.Result result) {
    StringBuilder out = new StringBuilder();
    StoreBenchmark.Row memloop = result.row(Competitor.MEMLOOP);
    for (Competitor scan : new Competitor[] {Competitor.VECTOR_SCAN_1, Competitor.VECTOR_SCAN_4}) {
      StoreBenchmark.Row row = result.row(scan);
      if (row != null) {
        out.append(String.format(Locale.ROOT, "memloop p50 / %s p50 = %.2f%n", row.label(),
            (double) memloop.p50() / row.p50()));
      }
    }
    StoreBenchmark.Row langchain = result.row(Competitor.LANGCHAIN4J);
    if (langchain != null) {
      double speedup = (double) langchain.p50() / memloop.p50();
      // a short or cold run can invert the order; say so rather than print "0.1x faster"
      out.append(speedup >= 1
          ? String.format(Locale.ROOT, "memloop is %.1fx faster than %s at p50%n", speedup, langchain.label())
          : String.format(Locale.ROOT, "memloop is %.1fx slower than %s at p50%n", 1 / speedup, langchain.label()));
    }
    return out.toString();
  }
}
