package dev.memloop.bench.cli;

import dev.memloop.cli.command.EmbedderOption;
import dev.memloop.cli.command.Failures;
import dev.memloop.cli.command.Durations;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CliConfig;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.ActorSystems;
import com.typesafe.config.Config;
import dev.memloop.cli.report.Directories;
import dev.memloop.bench.soak.Soak;
import dev.memloop.bench.soak.SoakReport;
import dev.memloop.memory.timing.Units;
import dev.memloop.pgvector.PgUrl;
import dev.memloop.runtime.config.EmbedderChoice;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop soak --duration D}: a mixed fleet under scheduled faults, every acknowledged write audited. */
@Command(name = "soak", mixinStandardHelpOptions = true,
    description = {"Runs a mixed fleet (per-step, per-turn, networked with a store of its own, networked in "
        + "PostgreSQL + pgvector) wave after wave for --duration, injects a fault every --fault-every (a crash in a "
        + "random agent's reasoner; every other fault, PGlite killed with SIGKILL and started again on its data), "
        + "and at the end finds every acknowledged write again: in each agent's memory, and for pgvector agents in "
        + "the database itself. Exits 1 if any write was lost or overwritten.",
        "The model is simulated (nano-sim); with --pg-url your own server is used and never killed.",
        "With --mcp: MCP clients over streamable HTTP (--clients) and over stdio write, forget and recall against "
            + "memloop mcp --data while it is killed with SIGKILL every --fault-every, run under a file-size limit "
            + "(a full disk) every third round, and a copy of a journal has a byte corrupted every third; after "
            + "each fault every acknowledged write and every refusal is audited. Exits 1 on any loss."})
final class SoakCommand implements Callable<Integer> {

  static final Duration MAX_DURATION = Duration.ofDays(7);

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--duration", defaultValue = "10m", converter = Durations.class,
      description = "How long to soak, as in 10m or 1h: waves start until it has passed, and the last one ends "
          + "(default: ${DEFAULT-VALUE}).")
  private Duration duration;

  @Option(names = "--agents", defaultValue = "4", description = "Agents per group, each wave (default: "
      + "${DEFAULT-VALUE}).")
  private int agents;

  @Option(names = "--fault-every", defaultValue = "20s", converter = Durations.class,
      description = "Time between faults (default: ${DEFAULT-VALUE}).")
  private Duration faultEvery;

  @Option(names = "--outage", defaultValue = "2s", converter = Durations.class,
      description = "How long the killed database stays down (default: ${DEFAULT-VALUE}).")
  private Duration outage;

  @Option(names = "--seed", defaultValue = "42", description = "First workload seed (default: ${DEFAULT-VALUE}).")
  private long seed;

  @Option(names = "--pg-url", description = "JDBC URL of your own PostgreSQL + pgvector, never killed; the soak's "
      + "rows are deleted after it (default: PGlite started for the soak and killed on the schedule).")
  private String pgUrl;

  @CommandLine.Mixin
  private EmbedderOption embedder;

  @Option(names = "--turn-timeout", defaultValue = "60s", converter = Durations.class,
      description = "A turn not answered within this counts as unanswered (default: ${DEFAULT-VALUE}).")
  private Duration turnTimeout;

  @Option(names = "--mcp", description = "Soak memloop mcp --data instead of a fleet: see above.")
  private boolean mcp;

  @Option(names = "--clients", defaultValue = "4", description = "With --mcp, the clients over streamable HTTP, "
      + "beside the one over stdio (default: ${DEFAULT-VALUE}).")
  private int clients;

  @CommandLine.Mixin
  private RunOutput output;

  /** Options of the fleet soak alone, refused with --mcp. */
  private static final java.util.List<String> FLEET_ONLY = java.util.List.of("--agents", "--outage", "--pg-url",
      "--turn-timeout");

  @Override
  public Integer call() throws Exception {
    if (mcp) {
      return callMcp();
    }
    Options.require(spec, !spec.commandLine().getParseResult().hasMatchedOption("--clients"),
        "--clients needs --mcp (a fleet soak's clients are its --agents)");
    Options.require(spec, duration.compareTo(Duration.ofSeconds(1)) >= 0 && duration.compareTo(MAX_DURATION) <= 0,
        "--duration must be in [1s, 7d]: " + Units.config(duration));
    Options.require(spec, agents >= 1 && agents <= 1_000, "--agents must be in [1, 1000]: " + agents);
    Options.require(spec, faultEvery.compareTo(Duration.ofMillis(100)) >= 0 && faultEvery.compareTo(duration) <= 0,
        "--fault-every must be in [100ms, --duration]: " + Units.config(faultEvery));
    Options.require(spec, outage.compareTo(Duration.ofMinutes(5)) <= 0,
        "--outage must be in [0s, 5m]: " + Units.config(outage));
    Options.require(spec, turnTimeout.compareTo(Duration.ofMillis(100)) >= 0
        && turnTimeout.compareTo(Duration.ofHours(1)) <= 0, "--turn-timeout must be in [100ms, 1h]: "
        + Units.config(turnTimeout));
    Options.require(spec, seed >= 0 && seed <= Long.MAX_VALUE / 2, "--seed must be in [0, " + Long.MAX_VALUE / 2
        + "]: " + seed);
    if (pgUrl != null) {
      Options.valid(spec, () -> PgUrl.checked(pgUrl, "--pg-url"));
    }
    EmbedderChoice chosen = embedder.choice(spec);
    Config root = CliConfig.load(null);
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("duration", Units.config(duration));
    parameters.put("agents_per_group", agents);
    parameters.put("fault_every", Units.config(faultEvery));
    parameters.put("outage", Units.config(outage));
    parameters.put("seed", seed);
    parameters.put("database", pgUrl == null ? "pglite" : PgUrl.redacted(pgUrl));
    parameters.put("embedder", chosen.embedder().name());
    parameters.put("model", "nano-sim (simulated)");
    return ActorSystems.with("memloop-soak", root, system -> {
      CommandRun run = CommandRun.start(spec, output, "soak", "memloop soak", parameters);
      Path data = run.file("pglite-data");
      Soak.Result result;
      try {
        result = Soak.run(system, root, new Soak.Settings(duration, agents, faultEvery, outage, seed, pgUrl, data,
            turnTimeout), chosen, run.console());
      } finally {
        Directories.deleteTree(data); // the soak's database, not a result
      }
      String report = SoakReport.plain(result);
      run.console().print(report);
      int code = run.finish("soak.json", result, "```\n" + report + "```\n");
      return result.nothingLost() ? code : Failures.FAILED;
    });
  }

  private int callMcp() throws Exception {
    for (String fleetOnly : FLEET_ONLY) {
      Options.require(spec, !spec.commandLine().getParseResult().hasMatchedOption(fleetOnly), fleetOnly
          + " is the fleet soak's; --mcp soaks memloop mcp");
    }
    Options.require(spec, duration.compareTo(Duration.ofSeconds(1)) >= 0 && duration.compareTo(MAX_DURATION) <= 0,
        "--duration must be in [1s, 7d]: " + Units.config(duration));
    Options.require(spec, faultEvery.compareTo(Duration.ofSeconds(2)) >= 0 && faultEvery.compareTo(duration) <= 0,
        "--fault-every must be in [2s, --duration] with --mcp (each round starts servers): "
            + Units.config(faultEvery));
    Options.require(spec, clients >= 1 && clients <= 64, "--clients must be in [1, 64]: " + clients);
    Options.require(spec, seed >= 0 && seed <= Long.MAX_VALUE / 2, "--seed must be in [0, " + Long.MAX_VALUE / 2
        + "]: " + seed);
    embedder.embedder(spec);
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("duration", Units.config(duration));
    parameters.put("fault_every", Units.config(faultEvery));
    parameters.put("http_clients", clients);
    parameters.put("stdio_clients", 1);
    parameters.put("seed", seed);
    parameters.put("embedder", embedder.name());
    CommandRun run = CommandRun.start(spec, output, "soak-mcp", "memloop soak --mcp", parameters);
    Path work = run.file("mcp-data");
    java.nio.file.Files.createDirectories(work);
    dev.memloop.bench.cli.mcpsoak.McpSoak.Result result = dev.memloop.bench.cli.mcpsoak.McpSoak.run(
        new dev.memloop.bench.cli.mcpsoak.McpSoak.Settings(duration, faultEvery, clients, seed, embedder.name(),
            McpLatency.memloopCommand(), work), run.console());
    if (result.nothingLost()) {
      Directories.deleteTree(work); // the soak's journals, not a result; kept when something was lost, to look at
    }
    String report = dev.memloop.bench.cli.mcpsoak.McpSoakReport.plain(result);
    run.console().print(report);
    int code = run.finish("soak-mcp.json", result, "```\n" + report + "```\n");
    return result.nothingLost() ? code : Failures.FAILED;
  }
}
