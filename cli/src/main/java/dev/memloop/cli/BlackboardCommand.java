package dev.memloop.cli;

import dev.memloop.cli.command.BoardFleetFlags;
import dev.memloop.cli.command.Failures;
import dev.memloop.cli.command.Durations;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.ActorSystems;
import com.typesafe.config.Config;
import dev.memloop.agents.board.BoardFleet;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetResult;
import dev.memloop.runtime.metrics.FleetMetrics;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.workloads.fleet.FleetAlertSpec;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop blackboard}: triage agents sharing one blackboard, graded fleet-wide, one mode after another. */
@Command(name = "blackboard", mixinStandardHelpOptions = true,
    description = {"Runs a fleet of triage agents (simulated model) on one shared blackboard: every alert goes to one "
        + "agent, incidents recur for the same agent (own duplicates) and for others (cross-agent duplicates), turns "
        + "run in lockstep. Reports fleet-wide redundant investigations, own and cross-agent, guard lookups afforded, "
        + "board read p50/p99 and throughput, for each --mode side by side on the same workload.",
        "Modes: per-step (the direct view before each action), per-turn (a snapshot at turn start), networked "
            + "(the board's read port behind --rtt), none."})
final class BlackboardCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  private BoardFleetFlags fleet;

  @Option(names = "--mode", split = ",", converter = FleetCommand.PolicyConverter.class,
      defaultValue = "per-step,per-turn,networked,none",
      description = "per-step, per-turn, networked or none; a list runs each in turn (default: ${DEFAULT-VALUE}).")
  private List<MemoryPolicyKind> modes;

  @Option(names = "--rtt", converter = Durations.class, description = "Injected round trip of the networked mode's "
      + "reads (default: the config's memloop.agent.networked.rtt).")
  private Duration rtt;

  @CommandLine.Mixin
  private RunOutput output;

  @CommandLine.Mixin
  private ServeOptions serve;

  @Override
  public Integer call() throws Exception {
    Options.require(spec, modes.stream().distinct().count() == modes.size(), "each mode runs once: " + modes);
    serve.check(spec);
    Config root = fleet.root(spec);
    AgentConfig base = rtt == null ? fleet.agent(root) : Options.valid(spec, () -> fleet.agent(root).withRtt(rtt));
    FleetAlertSpec workload = fleet.workload();

    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("agents", fleet.agents());
    parameters.put("modes", modes.stream().map(MemoryPolicyKind::configName).toList());
    parameters.put("agent", base.toString());
    parameters.put("model", fleet.model().configName() + " (simulated)");
    parameters.put("seed", fleet.seed());
    parameters.put("workload", workload.toString());
    try (ServeOptions.Serving serving = serve.start(spec, String.format(java.util.Locale.ROOT,
        "memloop blackboard: %,d agents on one board, simulated model %s", fleet.agents(), fleet.model().configName()))) {
      return run(root, base, workload, parameters, serving);
    }
  }

  private Integer run(Config root, AgentConfig base, FleetAlertSpec workload, Map<String, Object> parameters,
      ServeOptions.Serving serving) throws Exception {
    // one actor system, --serve bound in it before the run writes anything (as memloop fleet)
    return ActorSystems.with("memloop-blackboard", serving.systemConfig(root), system -> {
      serving.bind(spec, system);
      CommandRun run = CommandRun.start(spec, output, "blackboard", "memloop blackboard", parameters);
      PrintWriter console = run.console();
      serving.announce(console);
      Map<String, MemoryPolicyKind> policies = new LinkedHashMap<>();
      modes.forEach(mode -> policies.put(mode.configName(), mode));
      FleetListener listener = serving.on() ? new FleetMetrics(serving.registry(), policies, BoardFleet::groupOf)
          : FleetListener.NONE;
      fleet.warmUp(system, base, console, output.progress());
      List<BoardFleet.Outcome> outcomes = new ArrayList<>();
      for (MemoryPolicyKind mode : modes) {
        output.progress().line(console, "%s: %d agents on one blackboard", mode.configName(), fleet.agents());
        outcomes.add(await(BoardFleet.run(system, mode.configName(), base.withPolicy(mode), workload,
            fleet.model().parameters(), fleet.seed(), HighResolutionTimer.shared(), listener)));
      }
      BlackboardReport report = BlackboardReport.of(outcomes, workload, fleet.model());
      console.print(report.plain());
      int code = run.finish("blackboard.json", report.records(), report.markdown());
      serving.linger(console);
      return Failures.afterRun(spec,
          FleetResult.sequence(outcomes.stream().map(BoardFleet.Outcome::fleet).toList()).unanswered(), code);
    });
  }

  static <T> T await(java.util.concurrent.CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(24, TimeUnit.HOURS);
  }
}
