package dev.memloop.bench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code memloop bench}: side-by-side measurements, run as commands rather than tests. */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Side-by-side benchmarks in one JVM (report ratios: this machine is shared and noisy).",
    subcommands = {StoreCommand.class, EmbedCommand.class, EmbedQualityCommand.class, McpBenchCommand.class, LocomoBenchCommand.class, LongMemEvalBenchCommand.class,
        RuntimeBenchCommand.class, BlackboardBenchCommand.class, ClusterBenchCommand.class,
        DurabilityBenchCommand.class, GuardBenchCommand.class, UpdatesBenchCommand.class})
final class BenchCommand implements Runnable {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "choose a benchmark: store, embed, embed-quality, mcp, locomo, longmemeval, runtime, blackboard, cluster, durability, guard or updates (lifecycles: memloop lifecycle)");
  }
}
