package dev.memloop.bench.cli;

import dev.memloop.cli.command.EmbedderOption;
import dev.memloop.cli.command.Heap;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CliConfig;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.ActorSystems;
import com.typesafe.config.Config;
import dev.memloop.bench.benchmarks.runtime.AgentLifecycleBenchmark;
import dev.memloop.bench.benchmarks.runtime.IdleFootprint;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.EmbedderChoice;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop lifecycle agents}: agents spawned, run and stopped per second, against bare Pekko; idle footprint. */
@Command(name = "agents", mixinStandardHelpOptions = true,
    description = {"Agents per second that spawn (actor and working memory), run one short turn of guarded steps "
        + "and stop, against bare Pekko spawn and stop in the same run; then heap bytes per idle agent with an "
        + "empty memory, against an idle bare actor.",
        "(memloop lifecycle memories measures working memories alone, without actors.)"})
final class LifecycleAgentsCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--rounds", defaultValue = "10", description = "Measured rounds per kind (default: ${DEFAULT-VALUE}).")
  private int rounds;

  @Option(names = "--seconds", defaultValue = "1", description = "Seconds per round (default: ${DEFAULT-VALUE}).")
  private double seconds;

  @Option(names = "--in-flight", defaultValue = "64", description = "Lifecycles kept going at once (default: ${DEFAULT-VALUE}).")
  private int inFlight;

  @Option(names = "--steps", defaultValue = "3", description = "Guarded steps in the agent's turn (default: ${DEFAULT-VALUE}).")
  private int steps;

  @Option(names = "--warmup", defaultValue = "2", description = "Warm-up seconds per kind (default: ${DEFAULT-VALUE}).")
  private double warmup;

  @Option(names = "--idle", defaultValue = "20000",
      description = "Idle actors per kind for the footprint; 0 skips it (default: ${DEFAULT-VALUE}).")
  private int idle;

  @CommandLine.Mixin
  private EmbedderOption embedder;

  @CommandLine.Mixin
  private RunOutput output;

  /**
   * Heap per idle actor while the footprint is measured, rounded up: an idle agent is 1,983 bytes, a bare actor
   * about 500, and the holder keeps each one's reference and reply.
   */
  static final long IDLE_BYTES = 4 * 1024;

  @Override
  public Integer call() throws Exception {
    AgentLifecycleBenchmark.Config config = Options.valid(spec,
        () -> new AgentLifecycleBenchmark.Config(rounds, seconds, inFlight, steps, warmup));
    if (idle < 0 || idle > 1_000_000) {
      throw new CommandLine.ParameterException(spec.commandLine(), "idle must be in [0, 1000000]: " + idle);
    }
    Heap.require(spec, "--idle", idle, idle, IDLE_BYTES, "idle actors (both kinds alive at once)");
    Embedder chosen = embedder.embedder(spec);
    Config root = CliConfig.load(null);
    AgentConfig agent = AgentConfigs.agent(root).withPolicy(MemoryPolicyKind.PER_STEP).withThreshold(0.99);
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("config", config);
    parameters.put("idle", idle);
    parameters.put("embedder", chosen.name());
    parameters.put("policy", "per-step");
    CommandRun run = CommandRun.start(spec, output, "lifecycle-agents", "memloop lifecycle agents", parameters);
    PrintWriter console = run.console();
    Map<String, Object> records = new LinkedHashMap<>();
    TextTable table = new TextTable("measure", "bare Pekko", "agent", "agent / bare");
    ActorSystems.with("memloop-lifecycle", root, system -> {
      AgentLifecycleBenchmark.Result rates = AgentLifecycleBenchmark.run(system, config, agent, chosen,
          line -> output.progress().line(console, "%s", line));
      records.put("lifecycle", rates);
      table.row("spawn + turn + stop /s (median of " + rounds + ")", thousands(rates.bareMedian()),
          thousands(rates.agentMedian()), String.format(Locale.ROOT, "%.2f (median pair)", rates.ratio()));
      table.row("  slowest-fastest round", range(rates.barePerSecond()), range(rates.agentPerSecond()),
          String.format(Locale.ROOT, "%.2f-%.2f", rates.pairRatios().stream().mapToDouble(Double::doubleValue).min()
              .orElse(0), rates.pairRatios().stream().mapToDouble(Double::doubleValue).max().orElse(0)));
      if (idle > 0) {
        output.progress().line(console, "  idle footprint: %d actors per kind", idle);
        IdleFootprint.Result footprint = IdleFootprint.measure(system, idle, agent, chosen);
        records.put("footprint", footprint);
        table.row("heap bytes per idle actor", footprint.bareBytes(), footprint.agentBytes(),
            String.format(Locale.ROOT, "+%d", footprint.agentBytes() - footprint.bareBytes()));
      }
      return null;
    });
    console.print(table.plain());
    return run.finish("lifecycle.json", records, table.markdown());
  }

  private static String thousands(double perSecond) {
    return String.format(Locale.ROOT, "%,.0f", perSecond);
  }

  private static String range(java.util.List<Double> values) {
    return thousands(values.stream().mapToDouble(Double::doubleValue).min().orElse(0)) + "-"
        + thousands(values.stream().mapToDouble(Double::doubleValue).max().orElse(0));
  }
}
