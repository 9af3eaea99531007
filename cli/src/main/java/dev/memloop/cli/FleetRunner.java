package dev.memloop.cli;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.memloop.agents.triage.TriageFleet;
import dev.memloop.agents.triage.TriageRun;
import dev.memloop.cli.command.ActorSystems;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.Failures;
import dev.memloop.cli.command.Heap;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.pgvector.PgVectorRun;
import dev.memloop.runtime.ExternalMemories;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetFloor;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.FleetResult;
import dev.memloop.runtime.llm.LlmMetrics;
import dev.memloop.runtime.llm.mcp.McpServerSettings;
import dev.memloop.runtime.llm.mcp.McpTools;
import dev.memloop.runtime.metrics.FleetMetrics;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import picocli.CommandLine;

/**
 * Runs a checked {@link FleetPlan}: opens the database and the MCP servers it needs, serves {@code --serve}, runs the
 * warm-up, the fleet and its floor, grades every agent, and writes the run directory ({@code fleet.json},
 * {@code agents.json}, {@code live-set.txt}, the model's calls).
 */
final class FleetRunner {

  private final CommandLine.Model.CommandSpec spec;
  private final FleetPlan plan;
  private final RunOutput output;
  private final ServeOptions serve;
  private final TraceOptions trace;

  FleetRunner(CommandLine.Model.CommandSpec spec, FleetPlan plan, RunOutput output, ServeOptions serve,
      TraceOptions trace) {
    this.spec = spec;
    this.plan = plan;
    this.output = output;
    this.serve = serve;
    this.trace = trace;
  }

  Integer run() throws Exception {
    List<McpServerSettings> mcpServers = plan.mcpServers();
    try (PgVectorRun pg = plan.onPgvector() ? openPgvector() : null;
        McpTools tools = mcpServers.isEmpty() ? null : connect(mcpServers)) {
      if (tools != null) {
        plan.real().offer(tools.tools());
      }
      return run(pg);
    }
  }

  private Integer run(PgVectorRun pg) throws Exception {
    List<AgentGroup> groups = plan.groups();
    SimulatedModelPreset preset = plan.preset();
    FleetLlm real = plan.real();
    String modelLabel = plan.modelLabel();
    long fleetAgents = plan.agents();
    try (ServeOptions.Serving serving = serve.start(spec, String.format(Locale.ROOT,
        "memloop fleet: %,d agents, %s", fleetAgents, preset != null ? "simulated model " + modelLabel
            : "real model " + modelLabel))) {
      if (real != null && serving.on()) {
        real.listen(new LlmMetrics(serving.registry(), real.counters()));
      }
      ExternalMemories memories = pg == null ? null : pg.memories(groups.stream()
          .filter(g -> g.config().memory().store() == MemoryStoreKind.PGVECTOR).findFirst().orElseThrow()
          .config().memory().embedder().embedder());
      TriageFleet.Assembly assembly = Options.valid(spec, () -> preset != null ? TriageFleet.assemble(groups,
          preset.parameters(), AlertWorkloadSpec.DEFAULT, plan.seed(), HighResolutionTimer.shared(), memories)
          : TriageFleet.assemble(groups, real.specs(plan.groupOfAgent(), memories), AlertWorkloadSpec.DEFAULT,
              plan.seed()));
      // a warm-up would spend model calls on ungraded work; it runs at most a group's own agents
      int warmupAgents = preset != null ? Math.min(plan.warmup(), plan.maxAgents()) : 0;

      Map<String, Object> parameters = new LinkedHashMap<>();
      groups.forEach(g -> parameters.put("group." + g.name(), g.agents() + " x " + g.config()));
      parameters.put("model", preset != null ? modelLabel + " (simulated)" : modelLabel + " (real model)");
      parameters.put("seed", plan.seed());
      parameters.put("groups", plan.concurrent() ? "concurrent" : "one after another");
      parameters.put("warmupAgentsPerGroup", warmupAgents);
      parameters.put("inFlight", plan.inFlight() == null ? "every agent" : plan.inFlight());
      parameters.put("workload", AlertWorkloadSpec.DEFAULT.toString());
      if (pg != null) {
        parameters.put("pgvector", pg.label());
      }
      return runServed(pg, assembly, warmupAgents, parameters, serving);
    }
  }

  private Integer runServed(PgVectorRun pg, TriageFleet.Assembly assembly, int warmupAgents,
      Map<String, Object> parameters, ServeOptions.Serving serving) throws Exception {
    List<AgentGroup> groups = plan.groups();
    SimulatedModelPreset preset = plan.preset();
    FleetLlm real = plan.real();
    String modelLabel = plan.modelLabel();
    long seed = plan.seed();
    Integer inFlight = plan.inFlight();
    // the fleet's system first: --serve binds in it (one actor system; a second measured 15-20% fewer steps/s),
    // before the run writes anything, and serves through --linger before the system ends
    return ActorSystems.with("memloop-fleet", serving.systemConfig(plan.root()), system -> {
      serving.bind(spec, system);
      CommandRun run = CommandRun.start(spec, output, "fleet", "memloop fleet", parameters);
      PrintWriter console = run.console();
      serving.announce(console);
      FleetMetrics metrics = serving.on() ? new FleetMetrics(serving.registry(), assembly.members(),
          plan.policies()) : null;
      console.printf("%d agents in %d group(s), %s, seeds %d..%d%n", assembly.members().size(), groups.size(),
          preset != null ? "simulated model " + modelLabel + " (not a real LLM)" : "real model " + modelLabel, seed,
          seed + plan.maxAgents() - 1);
      if (pg != null) {
        console.println("pgvector: " + pg.label());
        if (pg.onPglite() && (inFlight == null || inFlight > 2)) {
          // measured: PGlite serves ~1,100 statements a second, one at a time; a fleet above that queues, and queued
          // lookups spend their budgets (docs/BENCHMARKS.md, "Networked memory in PostgreSQL + pgvector")
          console.println("pgvector: PGlite answers one statement at a time; with more than 2 agents in flight "
              + "lookups queue and spend budgets (--in-flight 1 measured 0 redundant)");
        }
      }
      console.flush();

      Heap.Peak heap = Heap.watch();
      FleetLiveSet liveSet = new FleetLiveSet();
      if (warmupAgents > 0) {
        output.progress().line(console, "warming up: %d agents per group, not graded", warmupAgents);
        console.flush();
        TriageRun.warmUp(system, groups, preset.parameters(), seed, warmupAgents);
      }
      Map<String, String> groupOf = new HashMap<>();
      assembly.members().forEach(m -> groupOf.put(m.id(), m.group()));
      TriageRun.Outcome outcome;
      FleetOptions options = inFlight == null ? FleetOptions.DEFAULT
          : new FleetOptions(FleetOptions.DEFAULT.turnTimeout(), inFlight, false);
      try (TurnProgress bar = new TurnProgress(assembly.members().size() * AlertWorkloadSpec.DEFAULT.turns(),
          output.progress().bars()); TraceOptions.Tracing tracing = trace.start(groupOf::get)) {
        FleetListener listener = FleetListener.all(bar, metrics == null ? FleetListener.NONE : metrics,
            tracing.listener(), liveSet);
        outcome = (plan.concurrent() ? TriageRun.run(system, assembly, options, listener)
            : TriageRun.runGroupsInTurn(system, assembly, options, listener)).toCompletableFuture()
            .get(24, TimeUnit.HOURS);
      }
      if (metrics != null) { // graded once the run is over: the page and /metrics show it from here on
        outcome.scores().forEach((id, score) -> metrics.group(groupOf.get(id)).redundant(score.redundant()));
      }
      FleetReport report = FleetReport.of(outcome, modelLabel, preset != null, heap.bytes(), liveSet.bytes());
      if (plan.floor()) {
        console.printf(Locale.ROOT, "floor: the same %,d agents' turns, answered at once (no model, no memory)%n",
            assembly.members().size());
        console.flush();
        report = report.withFloor(floorRates(system, assembly, options));
      }
      console.print(report.plain());
      run.write("agents.json", outcome.scores().values());
      if (liveSet.largestHistogram() != null) { // what holds the live set, class by class
        run.writeText("live-set.txt", liveSet.largestHistogram());
      }
      if (real != null) {
        console.println("model calls: " + real.counters().snapshot());
        run.write("llm-calls.json", real.counters().usage()); // tokens and time of every call
      }
      int code = run.finish("fleet.json", report.records(), report.markdown());
      serving.linger(console);
      return Failures.afterRun(spec, outcome.fleet().unanswered(), code);
    });
  }


  /**
   * Each group's floor steps/s: its members answered at once by the same runner, group after group as the measured
   * run went (or all at once with --concurrent).
   */
  private Map<String, Double> floorRates(ActorSystem<?> system,
      TriageFleet.Assembly assembly, FleetOptions options) throws Exception {
    Map<String, Double> rates = new LinkedHashMap<>();
    List<List<FleetMember>> runs = new ArrayList<>();
    if (plan.concurrent()) {
      runs.add(assembly.members());
    } else {
      for (String group : assembly.groups()) {
        runs.add(assembly.onlyGroup(group).members());
      }
    }
    // warmed first on up to 1,000 of the members, untimed: the floor's own code is new to the JIT here
    List<FleetMember> all = assembly.members();
    Fleet.run(system, FleetFloor.of(all.subList(0,
        Math.min(1_000, all.size()))), options, FleetListener.NONE).toCompletableFuture().get(24, TimeUnit.HOURS);
    for (List<FleetMember> members : runs) {
      FleetResult result = Fleet.run(system,
          FleetFloor.of(members), options, FleetListener.NONE).toCompletableFuture()
          .get(24, TimeUnit.HOURS);
      result.groups().forEach(g -> rates.put(g.group(), g.stepsPerSecond()));
    }
    return rates;
  }

  /** Starts the MCP servers once for the whole fleet; one that does not start is one line, and the fleet goes on. */
  private McpTools connect(List<McpServerSettings> servers) {
    PrintWriter err = spec.commandLine().getErr();
    McpTools tools = Options.valid(spec, () -> McpTools.connect(servers, line -> err.println("fleet: " + line)));
    if (!tools.connected().isEmpty()) {
      err.println("fleet: MCP tools offered to every agent: " + String.join(", ", tools.tools().specifications()
          .stream().map(ToolSpecification::name).toList()) + " (from "
          + String.join(", ", tools.connected()) + ")");
    }
    err.flush();
    return tools;
  }

  /** Opens the database the pgvector groups share; one embedder dimension per table. */
  private PgVectorRun openPgvector() throws Exception {
    List<Integer> dimensions = plan.groups().stream().filter(g -> g.config().memory().store() == MemoryStoreKind.PGVECTOR)
        .map(g -> g.config().memory().embedder().embedder().dimension()).distinct().toList();
    Options.require(spec, dimensions.size() == 1, "groups in pgvector share one table and so one embedder "
        + "dimension: " + dimensions);
    return Options.valid(spec, () -> {
      try {
        return PgVectorRun.open(plan.root(), plan.pgUrl(), dimensions.get(0));
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalArgumentException("pgvector: " + e.getMessage(), e);
      }
    });
  }
}
