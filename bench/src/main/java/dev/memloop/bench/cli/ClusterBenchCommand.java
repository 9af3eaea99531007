package dev.memloop.bench.cli;

import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CliConfig;
import dev.memloop.cli.command.CommandRun;
import com.typesafe.config.Config;
import dev.memloop.bench.benchmarks.cluster.ClusterBench;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop bench cluster}: what spreading agents, stores and a blackboard over nodes costs. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
    description = {"Cluster nodes as actor systems in this JVM on 127.0.0.1 (real Artery TCP and serialization, the "
        + "same CPU however many nodes): guarded steps/s of sharded triage agents on 1 node vs 3 (rounds "
        + "alternating), a guard lookup to a MemoryStore on the same node vs on a store node, and a blackboard post "
        + "acknowledged after its majority write with its propagation delay to the other nodes."})
final class ClusterBenchCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--agents", defaultValue = "200", description = "Sharded agents (default: ${DEFAULT-VALUE}).")
  private int agents;

  @Option(names = "--rounds", defaultValue = "3", description = "Rounds of 1 node then 3 (default: ${DEFAULT-VALUE}).")
  private int rounds;

  @Option(names = "--requests", defaultValue = "2000", description = "Lookups per store path (default: "
      + "${DEFAULT-VALUE}).")
  private int requests;

  @Option(names = "--items", defaultValue = "1000", description = "Items in each store (default: ${DEFAULT-VALUE}).")
  private int items;

  @Option(names = "--posts", defaultValue = "500", description = "Blackboard posts (default: ${DEFAULT-VALUE}).")
  private int posts;

  @Option(names = "--seed", defaultValue = "42", description = "First workload seed (default: ${DEFAULT-VALUE}).")
  private long seed;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    Options.require(spec, agents > 0 && agents <= 10_000, "agents must be in [1, 10000]: " + agents);
    Options.require(spec, rounds > 0 && rounds <= 20, "rounds must be in [1, 20]: " + rounds);
    Options.require(spec, requests >= 10 && requests <= 1_000_000, "requests must be in [10, 1000000]: " + requests);
    Options.require(spec, items > 0 && items <= 1_000_000, "items must be in [1, 1000000]: " + items);
    Options.require(spec, posts > 0 && posts <= 100_000, "posts must be in [1, 100000]: " + posts);
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("agents", agents);
    parameters.put("rounds", rounds);
    parameters.put("requests", requests);
    parameters.put("items", items);
    parameters.put("posts", posts);
    parameters.put("seed", seed);
    CommandRun run = CommandRun.start(spec, output, "cluster", parameters);
    Config base = CliConfig.load(null);
    ClusterBench.Result result = ClusterBench.run(new ClusterBench.Settings(agents, rounds, requests, items, posts, seed),
        base, output.progress().lines() ? run.console() : new PrintWriter(Writer.nullWriter()));
    String report = result.report();
    run.console().print(report);
    return run.finish("cluster.json", Map.of("result", result), "```\n" + report + "```\n");
  }
}
