package dev.memloop.bench.cli;

import dev.memloop.cli.command.EmbedderOption;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CliConfig;
import dev.memloop.cli.command.CommandRun;
import com.typesafe.config.Config;
import dev.memloop.bench.benchmarks.durability.DurabilityBench;
import dev.memloop.memory.Embedder;
import dev.memloop.pgvector.PgUrl;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.EmbedderChoice;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop bench durability}: Distributed Data's durable store against Pekko Persistence on a journal. */
@Command(name = "durability", mixinStandardHelpOptions = true,
    description = {"The durability choice, measured on the same turn ends of real agents: Distributed Data's "
        + "durable store (LMDB, what memloop node --data-dir uses) against Pekko Persistence on a PostgreSQL journal "
        + "(pekko-persistence-jdbc; PGlite started for the run, or --pg-url): the cost of a turn end until durable, "
        + "its bytes, and the restore time per agent and per item after a restart."})
final class DurabilityBenchCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--agents", defaultValue = "50", description = "Agents (default: ${DEFAULT-VALUE}).")
  private int agents;

  @Option(names = "--turns", defaultValue = "20", description = "Turns per agent (default: ${DEFAULT-VALUE}).")
  private int turns;

  @Option(names = "--items-per-turn", defaultValue = "4",
      description = "Actions each turn adds to an agent's memory (default: ${DEFAULT-VALUE}).")
  private int itemsPerTurn;

  @Option(names = "--snapshot-every", defaultValue = "10",
      description = "The journal's snapshot interval, in events (turn ends) (default: ${DEFAULT-VALUE}).")
  private int snapshotEvery;

  @Option(names = "--rounds", defaultValue = "2",
      description = "Rounds of the two mechanisms, alternating (default: ${DEFAULT-VALUE}).")
  private int rounds;

  @Option(names = "--pg-url", description = "JDBC URL of your own PostgreSQL for the journal, as in "
      + "jdbc:postgresql://127.0.0.1:5432/postgres?user=u&password=p; the run's rows are deleted after it "
      + "(default: PGlite started for the run).")
  private String pgUrl;

  @CommandLine.Mixin
  private EmbedderOption embedder;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    Options.require(spec, agents >= 1 && agents <= 10_000, "--agents must be in [1, 10000]: " + agents);
    Options.require(spec, turns >= 1 && turns <= 1_000, "--turns must be in [1, 1000]: " + turns);
    Options.require(spec, itemsPerTurn >= 0 && itemsPerTurn <= 100,
        "--items-per-turn must be in [0, 100]: " + itemsPerTurn);
    Options.require(spec, snapshotEvery >= 1 && snapshotEvery <= 1_000,
        "--snapshot-every must be in [1, 1000]: " + snapshotEvery);
    Options.require(spec, rounds >= 1 && rounds <= 10, "--rounds must be in [1, 10]: " + rounds);
    if (pgUrl != null) {
      Options.valid(spec, () -> PgUrl.checked(pgUrl, "--pg-url"));
    }
    Embedder chosen = embedder.embedder(spec);
    Config root = CliConfig.load(null);
    // every action remembered, nothing priced out: what is measured is keeping the memory, not the guard
    AgentConfig agent = AgentConfigs.agent(root).withPolicy(MemoryPolicyKind.PER_STEP).withThreshold(0.99)
        .withBudget(null);
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("agents", agents);
    parameters.put("turns", turns);
    parameters.put("items_per_turn", itemsPerTurn);
    parameters.put("snapshot_every", snapshotEvery);
    parameters.put("rounds", rounds);
    parameters.put("journal", pgUrl == null ? "pglite" : PgUrl.redacted(pgUrl));
    parameters.put("embedder", chosen.name());
    CommandRun run = CommandRun.start(spec, output, "durability", "memloop bench durability", parameters);
    DurabilityBench.Result result = DurabilityBench.run(new DurabilityBench.Settings(agents, turns, itemsPerTurn,
        snapshotEvery, rounds, pgUrl), agent, chosen, root, run.console());
    String report = result.report();
    run.console().print(report);
    return run.finish("durability.json", Map.of("result", result), "```\n" + report + "```\n");
  }
}
