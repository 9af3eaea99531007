package dev.memloop.bench.cli;

import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.memory.timing.Units;
import dev.memloop.bench.benchmarks.embed.EmbedBenchmark;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.embed.Embedders;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop bench embed}: embedding cost, static against transformer, and the complete guard operation. */
@Command(name = "embed", mixinStandardHelpOptions = true,
    description = "Embedding latency side by side: the local static embedder, the in-process MiniLM transformer, "
        + "and embed + match against memories of 100 and 1,000 items, with the paper's figures as reference rows.")
final class EmbedCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--lines", defaultValue = "2000", description = "Distinct ~10-word lines (default: ${DEFAULT-VALUE}).")
  private int lines;

  @Option(names = "--rounds", defaultValue = "5", description = "Timed passes over the lines (default: ${DEFAULT-VALUE}).")
  private int rounds;

  @Option(names = "--transformer-calls", defaultValue = "300",
      description = "Lines embedded by MiniLM per pass; 0 skips it (default: ${DEFAULT-VALUE}).")
  private int transformerCalls;

  @Option(names = "--sizes", split = ",", defaultValue = "100,1000",
      description = "Memory sizes for embed + match (default: ${DEFAULT-VALUE}).")
  private List<Integer> sizes;

  @Option(names = "--model", description = "A model2vec directory to measure instead of the distilled default.")
  private Path model;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of the lines (default: ${DEFAULT-VALUE}).")
  private long seed;

  @Option(names = "--warmup", defaultValue = "3",
      description = "Seconds of untimed passes before each measurement (default: ${DEFAULT-VALUE}).")
  private double warmup;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    EmbedBenchmark.Config config = Options.valid(spec,
        () -> new EmbedBenchmark.Config(lines, rounds, transformerCalls, sizes, seed, warmup));
    Embedder fast = model == null ? Embedders.defaultLocal() : Options.valid(spec, () -> Embedders.staticModel(model));
    Embedder transformer = transformerCalls > 0 ? Embedders.miniLm() : null;
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("lines", lines);
    parameters.put("rounds", rounds);
    parameters.put("transformerCalls", transformerCalls);
    parameters.put("sizes", sizes);
    parameters.put("model", model == null ? "default (distilled)" : model.toString());
    parameters.put("seed", seed);
    parameters.put("warmupSeconds", warmup);
    CommandRun run = CommandRun.start(spec, output, "embed", parameters);
    PrintWriter console = run.console();
    EmbedBenchmark.Result result = EmbedBenchmark.run(config, fast, transformer, console::println);
    TextTable table = new TextTable("operation", "p50 us", "p99 us", "round p50 us", "samples");
    for (EmbedBenchmark.Row row : result.rows()) {
      table.row(row.operation(), micros(row.p50Micros()), micros(row.p99Micros()),
          micros(row.roundMin()) + "-" + micros(row.roundMax()), row.samples());
    }
    table.row("paper: potion-retrieval-32M embed (Python)", micros(EmbedBenchmark.PAPER_EMBED_US), "-", "-", "-");
    table.row("paper: complete embed + store op", micros(EmbedBenchmark.PAPER_COMPLETE_US), "-", "-", "-");
    console.print(table.plain());
    if (!Double.isNaN(result.transformerOverStatic())) {
      console.printf(Locale.ROOT, "the static embedder is %,.0fx faster than the in-process transformer at p50%n",
          result.transformerOverStatic());
    }
    return run.finish("embed.json", result, table.markdown());
  }

  private static String micros(double value) {
    return Units.micros(Math.round(value * 1_000)); // the one microsecond format of every table
  }
}
