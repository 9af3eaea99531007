package dev.memloop.bench.cli;

import dev.memloop.cli.command.EmbedderOption;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.bench.benchmarks.guard.GuardBench;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.GuardCalibration;
import dev.memloop.runtime.GuardPair;
import dev.memloop.runtime.GuardPairs;
import dev.memloop.runtime.config.EmbedderChoice;
import dev.memloop.runtime.config.EmbedderNames;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop bench guard}: the action guard's modes side by side, false blocks, misses and lookup times. */
@Command(name = "guard", mixinStandardHelpOptions = true,
    description = {"The action guard's modes on pairs of action lines, each pair decided end to end (the second line "
        + "checked against a memory holding the first): cosine alone on whole lines (the guard before identities, "
        + "at its F1-best threshold and at the lowest within 0.5%% false blocks), identity-aware (the default), keyed "
        + "and structured. For each: the false-block rate (different acts blocked), the miss rate (repeats let "
        + "through), and the lookup's p50 and p99 over memories of 100 and 1,000 actions, the modes taking turns."})
final class GuardBenchCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  private EmbedderOption embedder;

  @Option(names = "--pairs", paramLabel = "FILE", description = "A CSV of a,b,same; default: memloop's adversarial set.")
  private Path pairsFile;

  @Option(names = "--lookups", defaultValue = "20000",
      description = "Timed lookups per mode and memory size (default: ${DEFAULT-VALUE}).")
  private int lookups;

  @Option(names = "--rounds", defaultValue = "10",
      description = "Rounds the lookups are split into, the modes taking turns (default: ${DEFAULT-VALUE}).")
  private int rounds;

  @Option(names = "--warmup", defaultValue = "300000", description = "Untimed lookups per mode and memory size before "
      + "the timed ones: the identity scanner takes some hundred thousand calls to compile (default: ${DEFAULT-VALUE}).")
  private int warmup;

  @Option(names = "--threshold", description = "The identity-aware threshold to decide at (default: the shipped one "
      + "for the embedder, else the one these pairs fit).")
  private Double threshold;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    Options.require(spec, lookups > 0, "--lookups must be > 0: " + lookups);
    Options.require(spec, warmup >= 0, "--warmup must be >= 0: " + warmup);
    Options.require(spec, rounds > 0 && rounds <= lookups, "--rounds must be in [1, --lookups]: " + rounds);
    Options.require(spec, threshold == null || (threshold >= 0 && threshold <= 1),
        "--threshold must be in [0, 1]: " + threshold);
    Embedder chosen = embedder.embedder(spec);
    List<GuardPair> pairs = Options.valid(spec, this::pairs);
    double decideAt = threshold != null ? threshold : GuardCalibration.shippedThreshold(chosen, true)
        .orElseGet(() -> GuardCalibration.fit(pairs, chosen).threshold());
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("embedder", chosen.name());
    parameters.put("pairs", pairsFile == null ? "memloop's adversarial set" : pairsFile.toString());
    parameters.put("lookups", lookups);
    parameters.put("rounds", rounds);
    parameters.put("warmup", warmup);
    parameters.put("threshold", decideAt);
    CommandRun run = CommandRun.start(spec, output, "guard", parameters);
    PrintWriter console = run.console();
    GuardBench.Result result = GuardBench.run(pairs, chosen, decideAt, lookups, rounds, warmup);
    TextTable table = new TextTable("mode", "threshold", "false blocks", "misses", "p50 us, 100", "p99 us, 100",
        "p50 us, 1,000", "p99 us, 1,000");
    for (GuardBench.ModeResult m : result.modes()) {
      table.row(m.mode(), String.format(Locale.ROOT, "%.3f", m.threshold()),
          String.format(Locale.ROOT, "%d / %d (%.1f%%)", m.falseBlocks(), m.negatives(), 100 * m.falseBlockRate()),
          String.format(Locale.ROOT, "%d / %d (%.1f%%)", m.misses(), m.positives(), 100 * m.missRate()),
          Units.micros(m.lookups().get(0).p50Nanos()), Units.micros(m.lookups().get(0).p99Nanos()),
          Units.micros(m.lookups().get(1).p50Nanos()), Units.micros(m.lookups().get(1).p99Nanos()));
    }
    StringBuilder notes = new StringBuilder();
    for (GuardBench.ModeResult m : result.modes()) {
      notes.append("- ").append(m.mode()).append(String.format(Locale.ROOT, " at %.3f: ", m.threshold()))
          .append(m.note()).append('\n');
    }
    console.print(table.plain() + notes);
    return run.finish("guard.json", result, table.markdown() + "\n" + notes);
  }

  private List<GuardPair> pairs() {
    if (pairsFile == null) {
      return GuardPairs.standard();
    }
    try {
      return GuardPairs.read(pairsFile);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--pairs " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("--pairs " + pairsFile + ": " + e.getMessage(), e);
    }
  }
}
