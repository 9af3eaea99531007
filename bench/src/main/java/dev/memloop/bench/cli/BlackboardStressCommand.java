package dev.memloop.bench.cli;

import dev.memloop.cli.command.Durations;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CliConfig;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.ActorSystems;
import dev.memloop.bench.benchmarks.board.BoardStress;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.timing.Units;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop blackboard stress}: a million posts from a thousand agents, audited. */
@Command(name = "stress", mixinStandardHelpOptions = true,
    description = {"Agents post concurrently to one blackboard (hashing-64 embedder) while reader threads read it "
        + "through the direct view, then an audit: every acknowledged post present exactly once, ids and sequence "
        + "numbers unique, every agent's every item acknowledged once, no reader saw a half-written entry. Exits 1 "
        + "when the audit finds anything."})
final class BlackboardStressCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--agents", defaultValue = "1000", description = "Posting agents (default: ${DEFAULT-VALUE}).")
  private int agents;

  @Option(names = "--posts", defaultValue = "1000", description = "Posts per agent (default: ${DEFAULT-VALUE}).")
  private int posts;

  @Option(names = "--window", defaultValue = "16", description = "Unacknowledged posts per agent at most "
      + "(default: ${DEFAULT-VALUE}).")
  private int window;

  @Option(names = "--readers", defaultValue = "2", description = "Reader threads (default: ${DEFAULT-VALUE}).")
  private int readers;

  @Option(names = "--read-pause", defaultValue = "0ms", converter = Durations.class, description = "Each reader's "
      + "pause between reads (default: ${DEFAULT-VALUE}, reading without pause).")
  private java.time.Duration readPause;

  @CommandLine.Mixin
  private RunOutput output;

  static final java.time.Duration MAX_READ_PAUSE = java.time.Duration.ofSeconds(1);

  @Override
  public Integer call() throws Exception {
    Options.require(spec, agents > 0 && agents <= 100_000, "agents must be in [1, 100000]: " + agents);
    Options.require(spec, posts > 0 && posts <= 1_000_000, "posts must be in [1, 1000000]: " + posts);
    Options.require(spec, (long) agents * posts <= 100_000_000L, "agents x posts must be at most 100000000: " + agents + " x " + posts);
    Options.require(spec, window > 0 && window <= 10_000, "window must be in [1, 10000]: " + window);
    Options.require(spec, readers >= 0 && readers <= 64, "readers must be in [0, 64]: " + readers);
    // a reader sleeps its pause between reads and the run waits for the readers: an absurd pause was a hung command
    Options.require(spec, readPause.compareTo(MAX_READ_PAUSE) <= 0, "--read-pause must be at most "
        + Units.config(MAX_READ_PAUSE) + ": " + Units.config(readPause));
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("agents", agents);
    parameters.put("postsPerAgent", posts);
    parameters.put("window", window);
    parameters.put("readers", readers);
    parameters.put("readPause", readPause.toString());
    CommandRun run = CommandRun.start(spec, output, "blackboard-stress", "memloop blackboard stress", parameters);
    BoardStress.Result result = ActorSystems.with("memloop-stress", CliConfig.load(null),
        system -> BoardStress.run(system, agents, posts, window, readers, readPause.toNanos()));
    TextTable table = new TextTable("agents", "posts each", "acknowledged", "rejected", "board size", "duplicate ids",
        "duplicate seqs", "missing", "items not acked once", "reads", "torn reads", "posts/s", "verdict");
    table.row(result.agents(), result.postsPerAgent(), result.acknowledged(), result.rejected(), result.boardSize(),
        result.duplicateIds(), result.duplicateSequences(), result.missing(), result.itemsNotAcknowledgedOnce(),
        result.reads(), result.tornReads(), String.format(Locale.ROOT, "%,.0f", result.postsPerSecond()),
        result.passed() ? "nothing lost, doubled or torn" : "FAILED");
    run.console().print(table.plain());
    run.finish("stress.json", result, table.markdown());
    return result.passed() ? 0 : 1;
  }

}
