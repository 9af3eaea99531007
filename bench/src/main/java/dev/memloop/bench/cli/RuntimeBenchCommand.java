package dev.memloop.bench.cli;

import dev.memloop.cli.command.EmbedderOption;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CliConfig;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.ActorSystems;
import com.typesafe.config.Config;
import dev.memloop.agents.triage.TriageFleet;
import dev.memloop.agents.triage.TriageRun;
import dev.memloop.bench.benchmarks.runtime.TurnTaxBenchmark;
import dev.memloop.bench.experiments.RetrievalTax;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.config.EmbedderChoice;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.GroupSummary;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop bench runtime}: what in-loop memory costs an agent's turn, and a fleet's throughput. */
@Command(name = "runtime", mixinStandardHelpOptions = true,
    description = {"The in-loop memory tax of a turn of S guarded steps at a store of N items (paper Table 2), "
        + "with the networked rungs modeled as the measured op plus RTT; then guarded (per-step) against "
        + "unguarded (none) steps per second for a fleet of concurrent triage agents, run one after the other "
        + "in one JVM."})
final class RuntimeBenchCommand implements Callable<Integer> {


  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--items", defaultValue = "1000", description = "Items in the agent's memory (default: ${DEFAULT-VALUE}).")
  private int items;

  @Option(names = "--steps", defaultValue = "20", description = "Guarded steps per turn, S (default: ${DEFAULT-VALUE}).")
  private int steps;

  @Option(names = "--turns", defaultValue = "500", description = "Measured turns (default: ${DEFAULT-VALUE}).")
  private int turns;

  @Option(names = "--agents", defaultValue = "10000",
      description = "Concurrent triage agents per fleet; 0 skips the fleet (default: ${DEFAULT-VALUE}).")
  private int agents;

  @CommandLine.Mixin
  private EmbedderOption embedder;

  @Option(names = "--seed", defaultValue = "42", description = "Seed (default: ${DEFAULT-VALUE}).")
  private long seed;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    TurnTaxBenchmark.Config taxConfig = Options.valid(spec, () -> new TurnTaxBenchmark.Config(items, turns, steps, seed));
    if (agents < 0) {
      throw new CommandLine.ParameterException(spec.commandLine(), "agents must be >= 0: " + agents);
    }
    EmbedderChoice choice = embedder.choice(spec);
    Embedder chosen = choice.embedder();
    Config root = CliConfig.load(null);
    AgentConfig base = AgentConfigs.agent(root).withEmbedder(choice);
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("tax", taxConfig);
    parameters.put("agents", agents);
    parameters.put("embedder", chosen.name());
    CommandRun run = CommandRun.start(spec, output, "runtime", parameters);
    PrintWriter console = run.console();
    Map<String, Object> records = new LinkedHashMap<>();
    StringBuilder report = new StringBuilder();
    ActorSystems.with("memloop-runtime-bench", root, system -> {
      output.progress().line(console, "turn tax: %d turns of %d steps, memory of %d items", turns, steps, items);
      TurnTaxBenchmark.Result tax = TurnTaxBenchmark.run(system, taxConfig, base.withPolicy(MemoryPolicyKind.PER_STEP), chosen);
      records.put("tax", tax);
      TextTable taxTable = taxTable(tax);
      console.print(taxTable.plain());
      report.append("## In-loop memory tax per turn\n\n").append(taxTable.markdown()).append('\n');
      if (agents > 0) {
        TextTable fleet = fleet(system, base, console, records);
        console.print(fleet.plain());
        report.append("## Fleet of ").append(agents).append(" concurrent triage agents\n\n").append(fleet.markdown());
      }
      return null;
    });
    return run.finish("runtime.json", records, report.toString());
  }

  private TextTable taxTable(TurnTaxBenchmark.Result tax) {
    TextTable t = new TextTable("store", "per lookup", "per turn (" + steps + " steps, " + tax.lookupsPerTurn()
        + " guarded)", "vs in-process");
    long perTurn = tax.taxP50();
    t.row("in-process, measured p50 (" + tax.items() + " items)", Units.time(tax.lookupP50()), Units.time(perTurn), "1x");
    t.row("in-process, measured p99", "", Units.time(tax.taxP99()), "");
    for (RetrievalTax.Row row : RetrievalTax.rows(tax.lookupP50(), tax.lookupsPerTurn())) {
      if (row.rttMillis() > 0) { // the paper's model: the measured op plus a round trip per lookup
        t.row(row.backend() + ", +" + row.rttMillis() + " ms RTT (modeled)", Units.time(row.perTurnNanos()),
            Units.time(row.perStepNanos()), String.format(Locale.ROOT, "%,.0fx", (double) row.perStepNanos() / perTurn));
      }
    }
    return t;
  }

  private TextTable fleet(ActorSystem<?> system, AgentConfig base, PrintWriter console, Map<String, Object> records)
      throws Exception {
    List<AgentGroup> groups = List.of(new AgentGroup("guarded", agents, base.withPolicy(MemoryPolicyKind.PER_STEP)),
        new AgentGroup("unguarded", agents, base.withPolicy(MemoryPolicyKind.NONE)));
    output.progress().line(console, "fleet: warming up, then %,d agents per group, one group after the other", agents);
    TriageRun.warmUp(system, groups, SimulatedModelPreset.NANO_SIM.parameters(), seed, 500);
    TriageRun.Outcome outcome = TriageRun.runGroupsInTurn(system, TriageFleet.assemble(groups,
        SimulatedModelPreset.NANO_SIM.parameters(), AlertWorkloadSpec.DEFAULT, seed, HighResolutionTimer.shared()),
        FleetOptions.DEFAULT, FleetListener.NONE).toCompletableFuture().get(1, TimeUnit.HOURS);
    records.put("fleet", outcome.fleet());
    records.put("triage", outcome.groups());
    GroupSummary guarded = outcome.fleet().group("guarded");
    GroupSummary unguarded = outcome.fleet().group("unguarded");
    TextTable t = new TextTable("group", "agents", "steps", "steps/s", "guarded / unguarded", "redundant (of 12)",
        "lookup p50 us");
    t.row("guarded (per-step)", guarded.agents(), guarded.steps(), thousands(guarded.stepsPerSecond()),
        String.format(Locale.ROOT, "%.2f", guarded.stepsPerSecond() / unguarded.stepsPerSecond()),
        String.format(Locale.ROOT, "%.2f", outcome.summary("guarded").redundantMean()), Units.time(guarded.lookupP50()));
    t.row("unguarded (none)", unguarded.agents(), unguarded.steps(), thousands(unguarded.stepsPerSecond()), "",
        String.format(Locale.ROOT, "%.2f", outcome.summary("unguarded").redundantMean()), "-");
    return t;
  }

  private static String thousands(double v) {
    return String.format(Locale.ROOT, "%,.0f", v);
  }
}
