package dev.memloop.bench.cli;

import dev.memloop.cli.command.BoardFleetFlags;
import dev.memloop.cli.command.Durations;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.ActorSystems;
import com.typesafe.config.Config;
import dev.memloop.bench.benchmarks.board.BoardLadder;
import dev.memloop.bench.benchmarks.board.LadderCell;
import dev.memloop.bench.benchmarks.board.LadderChart;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.workloads.fleet.FleetAlertSpec;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop blackboard ladder}: the paper's Figure 6 dose-response, for a fleet on one blackboard. */
@Command(name = "ladder", mixinStandardHelpOptions = true,
    description = {"The dose-response of Figure 6 at fleet scale: the same seeded fleet workloads with the board read "
        + "in-process (direct view) and through its read port at each injected round trip, under a fixed per-turn "
        + "lookup budget, with per-turn snapshots and no memory as references. Writes a table and ladder.png."})
final class BlackboardLadderCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  private BoardFleetFlags fleet;

  @Option(names = "--rtts", split = ",", converter = Durations.class, defaultValue = "1ms,5ms,15ms,30ms,50ms,110ms",
      description = "Injected round trips, one rung each (default: ${DEFAULT-VALUE}).")
  private List<Duration> rtts;

  @Option(names = "--seeds", defaultValue = "5", description = "Seeded fleet workloads per rung (default: ${DEFAULT-VALUE}).")
  private int seeds;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    Options.require(spec, seeds > 0 && seeds <= 1_000, "seeds must be in [1, 1000]: " + seeds);
    if (rtts.stream().anyMatch(Duration::isZero)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "a rung's round trip must be > 0 (the in-process "
          + "rung is always run): " + rtts.stream().map(Units::config).toList());
    }
    Config root = fleet.root(spec);
    AgentConfig base = fleet.agent(root);
    if (base.budget() == null) {
      throw new CommandLine.ParameterException(spec.commandLine(), "the ladder needs a per-turn budget (--budget), "
          + "not unlimited: latency acts through what the budget affords");
    }
    FleetAlertSpec workload = fleet.workload();
    List<BoardLadder.Rung> rungs = BoardLadder.rungs(rtts);
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("agents", fleet.agents());
    parameters.put("rungs", rungs.stream().map(BoardLadder.Rung::name).toList());
    parameters.put("seeds", fleet.seed() + ".." + (fleet.seed() + seeds - 1));
    parameters.put("agent", base.toString());
    parameters.put("model", fleet.model().configName() + " (simulated)");
    parameters.put("workload", workload.toString());
    CommandRun run = CommandRun.start(spec, output, "blackboard-ladder", "memloop blackboard ladder", parameters);
    PrintWriter console = run.console();

    List<LadderCell> cells = ActorSystems.with("memloop-ladder", root, system -> {
      fleet.warmUp(system, base, console, output.progress());
      return BoardLadder.run(system, base, workload, fleet.model().parameters(), fleet.seed(), seeds, rungs,
          HighResolutionTimer.shared(), step -> output.progress().line(console, "%s", step));
    });
    TextTable table = new TextTable("rung", "redundant per agent", "own", "cross", "lookups afforded per agent",
        "lookup p50 us", "blocked new");
    for (LadderCell c : cells) {
      table.row(c.rung(), f(c.redundantMean()) + " [" + f(c.redundantMin()) + "-" + f(c.redundantMax()) + "]",
          f(c.ownMean()), f(c.crossMean()), f(c.lookupsMean()), Units.micros((long) (c.lookupP50Micros() * 1e3)),
          c.blockedNew());
    }
    String footer = String.format(Locale.ROOT, "%d agents per fleet, about %.1f duplicates per agent, budget %s per "
        + "turn, %d seeds per rung; model %s is simulated; chart: ladder.png%n", fleet.agents(),
        cells.get(0).duplicatesPerAgent(), base.budget().toMillis() + " ms", seeds, fleet.model().configName());
    LadderChart.writePng(run.file("ladder.png"), cells, "Fleet on one blackboard: redundant investigations vs board "
        + "latency (budget " + base.budget().toMillis() + " ms/turn)");
    console.print(table.plain() + footer);
    return run.finish("ladder.json", cells, table.markdown() + "\n" + footer + "\n![ladder](ladder.png)\n");
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }
}
