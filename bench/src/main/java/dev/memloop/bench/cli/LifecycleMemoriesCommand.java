package dev.memloop.bench.cli;

import dev.memloop.cli.command.Heap;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.bench.benchmarks.lifecycle.Lifecycle;
import dev.memloop.bench.benchmarks.lifecycle.LifecycleBenchmark;
import dev.memloop.cli.report.TextTable;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop lifecycle memories}: allocate-fill-recall-close lifecycles per second, side by side. */
@Command(name = "memories", mixinStandardHelpOptions = true,
    description = "Ephemeral memory lifecycles per second (allocate, add N pre-embedded items, recall once, "
        + "close) for memloop, a bare-array floor, hnswlib-core and langchain4j InMemoryEmbeddingStore.")
final class LifecycleMemoriesCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--items", defaultValue = "10", description = "Items per lifecycle (default: ${DEFAULT-VALUE}).")
  private int items;

  @Option(names = "--dim", defaultValue = "256", description = "Vector dimension (default: ${DEFAULT-VALUE}).")
  private int dimension;

  /** Copies of each vector alive at once in a lifecycle: the workload's, the memory's, a competitor's, a query. */
  private static final int VECTOR_COPIES = 4;

  @Option(names = "--k", defaultValue = "8", description = "Results of the recall (default: ${DEFAULT-VALUE}).")
  private int k;

  @Option(names = "--seconds", defaultValue = "1", description = "Seconds per competitor per round (default: ${DEFAULT-VALUE}).")
  private double seconds;

  @Option(names = "--rounds", defaultValue = "5", description = "Timed rounds (default: ${DEFAULT-VALUE}).")
  private int rounds;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of the vectors (default: ${DEFAULT-VALUE}).")
  private long seed;

  @Option(names = "--competitors", split = ",",
      description = "Subset to run, of: ${COMPLETION-CANDIDATES} (default: all).")
  private List<Lifecycle> competitors;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    LifecycleBenchmark.Config config = Options.valid(spec, () -> new LifecycleBenchmark.Config(items, dimension, k,
        seconds, rounds, seed, competitors == null || competitors.isEmpty() ? List.of(Lifecycle.values()) : competitors));
    // refused up front: 10 items of 100,000,000 dims ran out of heap slowly instead (the vectors, the stores' copies)
    Heap.requireTotal(spec, "--dim", dimension, (long) items * dimension * Float.BYTES * VECTOR_COPIES,
        String.format(Locale.ROOT, "%,d items of %,d dims (%d copies each: the workload's and the stores')", items,
            dimension, VECTOR_COPIES));
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("items", items);
    parameters.put("dim", dimension);
    parameters.put("k", k);
    parameters.put("seconds", seconds);
    parameters.put("rounds", rounds);
    parameters.put("seed", seed);
    CommandRun run = CommandRun.start(spec, output, "lifecycle-memories", "memloop lifecycle memories", parameters);
    PrintWriter console = run.console();
    console.printf(Locale.ROOT, "%d items x %d dims per lifecycle, recall top-%d, %d rounds x %.1f s%n", items, dimension,
        k, rounds, seconds);
    LifecycleBenchmark.Result result = LifecycleBenchmark.run(config, console::println);
    TextTable table = new TextTable("competitor", "lifecycles/s", "slowest round", "fastest round", "x floor");
    for (LifecycleBenchmark.Row row : result.rows()) {
      table.row(row.label(), thousands(row.perSecond()), thousands(row.minRound()), thousands(row.maxRound()),
          Double.isNaN(row.ratioToFloor()) ? "-" : String.format(Locale.ROOT, "%.2f", row.ratioToFloor()));
    }
    console.print(table.plain());
    return run.finish("lifecycle.json", result, table.markdown());
  }

  private static String thousands(double perSecond) {
    return String.format(Locale.ROOT, "%,.0f", perSecond);
  }
}
