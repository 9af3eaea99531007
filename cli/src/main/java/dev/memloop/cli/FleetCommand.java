package dev.memloop.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import dev.memloop.agents.triage.TriageFleet;
import dev.memloop.agents.triage.TriageRun;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.bench.benchmarks.pg.PgVectorRun;
import dev.memloop.pgvector.PgUrl;
import dev.memloop.runtime.ExternalMemories;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.config.MemoryStoreKind;
import dev.memloop.runtime.config.EmbedderChoice;
import dev.memloop.runtime.fleet.Fleet;
import dev.memloop.runtime.fleet.FleetFloor;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.fleet.FleetMember;
import dev.memloop.runtime.fleet.FleetOptions;
import dev.memloop.runtime.fleet.FleetResult;
import dev.memloop.runtime.metrics.FleetMetrics;
import dev.memloop.runtime.llm.LlmMetrics;
import dev.memloop.runtime.llm.CallLimits;
import dev.memloop.runtime.llm.mcp.McpServerSettings;
import dev.memloop.runtime.llm.mcp.McpTools;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import dev.memloop.workloads.alerts.AlertWorkloadSpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import org.apache.pekko.actor.typed.ActorSystem;
import picocli.CommandLine.Option;

/** {@code memloop fleet}: a fleet of triage agents, graded, with the runtime's own numbers beside. */
@Command(name = "fleet", mixinStandardHelpOptions = true,
    description = {"Runs a fleet of triage agents (simulated model, seeded alert workloads: 24 alerts over 4 turns, "
        + "half reworded duplicates) and grades every agent: redundant investigations, the model's own recognitions, "
        + "guard lookups afforded, guard precision and recall. Several policies run side by side on the same seeds.",
        "Agent settings come from reference.conf, then --config, then these flags."})
final class FleetCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--agents", defaultValue = "100", description = "Agents per policy (default: ${DEFAULT-VALUE}); "
      + "ignored for groups defined in --config.")
  private int agents;

  @Option(names = "--policy", split = ",", converter = PolicyConverter.class,
      description = "none, per-turn, per-step or networked; a list runs each as a group (default: the config's).")
  private List<MemoryPolicyKind> policies;

  @Option(names = "--rtt", converter = Durations.class, description = "Injected store round trip of networked agents "
      + "(with --store pgvector, added to the real database's).")
  private Duration rtt;

  @Option(names = "--store", converter = StoreConverter.class, description = "Where networked groups keep their "
      + "memory: own (a store actor of their own, the injected --rtt its only cost) or pgvector (PostgreSQL + "
      + "pgvector: every lookup a real query; --pg-url, memloop.pgvector.url, or PGlite started for the run) "
      + "(default: the config's memory.store).")
  private MemoryStoreKind store;

  @Option(names = "--pg-url", description = "JDBC URL of your own PostgreSQL + pgvector for --store pgvector, as in "
      + "jdbc:postgresql://127.0.0.1:5432/postgres?user=u&password=p (default: memloop.pgvector.url, else PGlite).")
  private String pgUrl;

  @Option(names = "--budget", description = "Per-turn lookup budget, as in 100ms, or unlimited.")
  private String budget;

  @Option(names = "--config", description = "A HOCON file of memloop.agent and memloop.groups settings.")
  private Path config;

  @Option(names = "--embedder", description = EmbedderChoice.FORMS + ".")
  private String embedder;

  @Option(names = "--model", description = "Without --llm, the simulated model preset: nano-sim or mini-sim "
      + "(default: nano-sim). With --llm openai, the real model's name (default: memloop.llm.model).")
  private String model;

  @CommandLine.Mixin
  private ModelSpend spend;

  @Option(names = "--llm-concurrency", description = "Model calls in flight at once, across the fleet "
      + "(default: memloop.llm.max-concurrent; 0 for no bound).")
  private Integer llmConcurrency;

  @Option(names = "--llm-rate", description = "Model calls started per second, across the fleet "
      + "(default: memloop.llm.calls-per-second; 0 for no bound).")
  private Double llmRate;

  @Option(names = "--mcp", paramLabel = "NAME=COMMAND", description = "With --llm openai, offer the agents the "
      + "tools of this MCP server: a program and its arguments, split on spaces and started once for the fleet (MCP "
      + "over its standard streams), or the http(s) URL of a streamable HTTP server. Repeatable; beside the servers "
      + "of memloop.llm.mcp.servers in --config.")
  private List<String> mcp;

  @Option(names = "--seed", defaultValue = "42", description = "First workload seed (default: ${DEFAULT-VALUE}).")
  private long seed;

  @Option(names = "--concurrent", description = "Run all groups at once (default: one after another, so that one "
      + "group's load does not slow another's lookups).")
  private boolean concurrent;

  @Option(names = "--warmup", defaultValue = "100", description = "Agents per group run once before the measured "
      + "fleet, on other seeds, and not graded: compiles the hot paths so that the first group is not timed "
      + "interpreted (default: ${DEFAULT-VALUE}; 0 for none).")
  private int warmup;

  @Option(names = "--floor", description = "Also run the fleet's floor after it: the same agents' turns through the "
      + "same runner, answered at once (no model, no memory), and report each group's steps/s as a share of it.")
  private boolean floor;

  @Option(names = "--in-flight", description = "Agents with a turn in flight at once (default: every agent). A "
      + "database serves lookups at its own rate: a fleet larger than it keeps up with queues, and queued lookups "
      + "spend the budget.")
  private Integer inFlight;

  @CommandLine.Mixin
  private RunOutput output;

  @CommandLine.Mixin
  private ServeOptions serve;

  @CommandLine.Mixin
  private TraceOptions trace;

  /**
   * One per-step agent's share of a fleet's live set once every turn is answered (its memory, its last turn's records
   * and its grade; no workload is held; the vectors and texts its memory shares with the fleet's other agents held
   * once), as a class histogram counts it at 100,000 agents, by how the JVM lays objects out: 8.3 KiB with compressed
   * pointers (G1, JDK 17; 7.8 with compact headers on JDK 25), 9.8 with ZGC and compact headers (JDK 25), 10.8 with
   * ZGC's wide pointers (JDK 17) (docs/BENCHMARKS.md, "Lean bookkeeping"); each rounded up. It was 26.7 KiB before
   * agents shared their content, and 13.4 before the memory's bookkeeping became arrays.
   */
  static long liveBytesPerAgent(Heap.Layout layout) {
    switch (layout) {
      case COMPRESSED_POINTERS:
        return 8_704; // 8.5 KiB
      case COMPACT_HEADERS:
        return 10_240; // 10 KiB
      default:
        return 11_264; // 11 KiB
    }
  }

  /**
   * The heap a collector needs beyond the live set, as a factor of it, on top of {@link Heap#USABLE}'s own margin
   * (together 1.56 times the live set): a million agents ran to the end in 19 GiB of heap under ZGC (docs/
   * BENCHMARKS.md). ZGC fills whatever heap it is given before it collects, so the heap in use is no measure of
   * what it needs.
   */
  static final double COLLECTOR_HEADROOM = 1.25;

  /** The heap one agent needs on this JVM: a fleet whose agents cannot fit is refused before anything is built. */
  static long bytesPerAgent() {
    return (long) (liveBytesPerAgent(Heap.Layout.current()) * COLLECTOR_HEADROOM);
  }

  @Override
  public Integer call() throws Exception {
    if (agents <= 0) {
      throw new CommandLine.ParameterException(spec.commandLine(), "agents must be > 0: " + agents);
    }
    if (warmup < 0) {
      throw new CommandLine.ParameterException(spec.commandLine(), "warmup must be >= 0: " + warmup);
    }
    spend.check(spec);
    serve.check(spec);
    trace.check(spec);
    Options.require(spec, inFlight == null || (inFlight >= 1 && inFlight <= 10_000_000), "--in-flight must be in "
        + "[1, 10000000]: " + inFlight);
    Options.require(spec, llmConcurrency == null || llmConcurrency >= 0, "--llm-concurrency must be >= 0: "
        + llmConcurrency);
    Options.require(spec, llmRate == null || (llmRate >= 0 && !llmRate.isInfinite()), "--llm-rate must be >= 0: "
        + llmRate);
    Options.require(spec, spend.real() || spend.llmBaseUrl == null, "--llm-base-url needs --llm openai");
    Options.require(spec, spend.real() || mcp == null, "--mcp needs --llm openai: a simulated model calls no tools");
    Config root = Options.valid(spec, () -> overrides().withFallback(CliConfig.load(config)).resolve());
    List<AgentGroup> groups = Options.valid(spec, () -> withStore(groups(root)));
    List<McpServerSettings> mcpServers = spend.real() ? Options.valid(spec, () -> mcpServers(root)) : List.of();
    boolean onPgvector = groups.stream().anyMatch(g -> g.config().memory().store() == MemoryStoreKind.PGVECTOR);
    Options.require(spec, pgUrl == null || onPgvector, "--pg-url needs a group whose memory is in pgvector "
        + "(--store pgvector, or memory.store = pgvector in --config)");
    if (pgUrl != null) {
      Options.valid(spec, () -> PgUrl.checked(pgUrl, "--pg-url"));
    }
    long fleetAgents = groups.stream().mapToLong(AgentGroup::agents).sum();
    Heap.require(spec, "--agents", agents, fleetAgents, bytesPerAgent(), "agents");
    Options.valid(spec, () -> dev.memloop.agents.triage.TriageWorkloads.checkNotHeldOut(seed));
    SimulatedModelPreset preset = spend.real() ? null : Options.valid(spec, this::preset);
    FleetLlm real = preset != null ? null : Options.valid(spec, () -> FleetLlm.resolve(root, groups, model,
        spend.llmBaseUrl, limits(root)));
    if (real != null) {
      String unreachable = real.unreachable();
      Options.require(spec, unreachable == null, unreachable);
      if (!real.affordable(groups, spend.tokenBudget, spend.yes, spec.commandLine().getErr())) {
        throw spend.overBudget(spec);
      }
    }
    try (PgVectorRun pg = onPgvector ? openPgvector(root, groups) : null;
        McpTools tools = mcpServers.isEmpty() ? null : connect(mcpServers)) {
      if (tools != null) {
        real.offer(tools.tools());
      }
      return run(root, groups, preset, real, pg);
    }
  }

  private Integer run(Config root, List<AgentGroup> groups, SimulatedModelPreset preset, FleetLlm real, PgVectorRun pg)
      throws Exception {
    String modelLabel = preset != null ? preset.configName() : real.label();
    long fleetAgents = groups.stream().mapToLong(AgentGroup::agents).sum();
    try (ServeOptions.Serving serving = serve.start(spec, String.format(java.util.Locale.ROOT,
        "memloop fleet: %,d agents, %s", fleetAgents, preset != null ? "simulated model " + modelLabel
            : "real model " + modelLabel))) {
      if (real != null && serving.on()) {
        real.listen(new LlmMetrics(serving.registry(), real.counters()));
      }
      ExternalMemories memories = pg == null ? null : pg.memories(groups.stream()
          .filter(g -> g.config().memory().store() == MemoryStoreKind.PGVECTOR).findFirst().orElseThrow()
          .config().memory().embedder().embedder());
      TriageFleet.Assembly assembly = Options.valid(spec, () -> preset != null ? TriageFleet.assemble(groups,
          preset.parameters(), AlertWorkloadSpec.DEFAULT, seed, HighResolutionTimer.shared(), memories)
          : TriageFleet.assemble(groups, real.specs(groupOfAgent(groups), memories), AlertWorkloadSpec.DEFAULT, seed));
      // a warm-up would spend model calls on ungraded work; it runs at most a group's own agents
      int warmupAgents = preset != null ? Math.min(warmup, maxAgents(groups)) : 0;

      Map<String, Object> parameters = new LinkedHashMap<>();
      groups.forEach(g -> parameters.put("group." + g.name(), g.agents() + " x " + g.config()));
      parameters.put("model", preset != null ? modelLabel + " (simulated)" : modelLabel + " (real model)");
      parameters.put("seed", seed);
      parameters.put("groups", concurrent ? "concurrent" : "one after another");
      parameters.put("warmupAgentsPerGroup", warmupAgents);
      parameters.put("inFlight", inFlight == null ? "every agent" : inFlight);
      parameters.put("workload", AlertWorkloadSpec.DEFAULT.toString());
      if (pg != null) {
        parameters.put("pgvector", pg.label());
      }
      return runServed(root, groups, preset, real, pg, assembly, modelLabel, warmupAgents, parameters, serving);
    }
  }

  private Integer runServed(Config root, List<AgentGroup> groups, SimulatedModelPreset preset, FleetLlm real,
      PgVectorRun pg, TriageFleet.Assembly assembly, String modelLabel, int warmupAgents,
      Map<String, Object> parameters, ServeOptions.Serving serving) throws Exception {
    // the fleet's system first: --serve binds in it (one actor system; a second measured 15-20% fewer steps/s),
    // before the run writes anything, and serves through --linger before the system ends
    return ActorSystems.with("memloop-fleet", serving.systemConfig(root), system -> {
      serving.bind(spec, system);
      BenchRun run = BenchRun.start(spec, output, "fleet", "memloop fleet", parameters);
      PrintWriter console = run.console();
      serving.announce(console);
      FleetMetrics metrics = serving.on() ? new FleetMetrics(serving.registry(), assembly.members(),
          policies(groups)) : null;
      console.printf("%d agents in %d group(s), %s, seeds %d..%d%n", assembly.members().size(), groups.size(),
          preset != null ? "simulated model " + modelLabel + " (not a real LLM)" : "real model " + modelLabel, seed,
          seed + maxAgents(groups) - 1);
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
      Heap.LiveSet liveSet = new Heap.LiveSet();
      if (warmupAgents > 0) {
        output.progress.line(console, "warming up: %d agents per group, not graded", warmupAgents);
        console.flush();
        TriageRun.warmUp(system, groups, preset.parameters(), seed, warmupAgents);
      }
      Map<String, String> groupOf = new java.util.HashMap<>();
      assembly.members().forEach(m -> groupOf.put(m.id(), m.group()));
      TriageRun.Outcome outcome;
      FleetOptions options = inFlight == null ? FleetOptions.DEFAULT
          : new FleetOptions(FleetOptions.DEFAULT.turnTimeout(), inFlight, false);
      try (TurnProgress bar = new TurnProgress(assembly.members().size() * AlertWorkloadSpec.DEFAULT.turns(),
          output.progress.bars()); TraceOptions.Tracing tracing = trace.start(groupOf::get)) {
        FleetListener listener = FleetListener.all(bar, metrics == null ? FleetListener.NONE : metrics,
            tracing.listener(), liveSet);
        outcome = (concurrent ? TriageRun.run(system, assembly, options, listener)
            : TriageRun.runGroupsInTurn(system, assembly, options, listener)).toCompletableFuture()
            .get(24, TimeUnit.HOURS);
      }
      if (metrics != null) { // graded once the run is over: the page and /metrics show it from here on
        outcome.scores().forEach((id, score) -> metrics.group(groupOf.get(id)).redundant(score.redundant()));
      }
      FleetReport report = FleetReport.of(outcome, modelLabel, preset != null, heap.bytes(), liveSet.bytes());
      if (floor) {
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
    if (concurrent) {
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

  /** The servers of memloop.llm.mcp.servers, then those of --mcp; one name once. */
  private List<McpServerSettings> mcpServers(Config root) {
    List<McpServerSettings> servers = new ArrayList<>(McpServerSettings.from(root));
    for (String flag : mcp == null ? List.<String>of() : mcp) {
      McpServerSettings server = McpServerSettings.parse("--mcp", flag, root);
      if (servers.stream().anyMatch(s -> s.name().equals(server.name()))) {
        throw new IllegalArgumentException("--mcp " + flag + ": a server is already named " + server.name());
      }
      servers.add(server);
    }
    return servers;
  }

  /** Starts the MCP servers once for the whole fleet; one that does not start is one line, and the fleet goes on. */
  private McpTools connect(List<McpServerSettings> servers) {
    PrintWriter err = spec.commandLine().getErr();
    McpTools tools = Options.valid(spec, () -> McpTools.connect(servers, line -> err.println("fleet: " + line)));
    if (!tools.connected().isEmpty()) {
      err.println("fleet: MCP tools offered to every agent: " + String.join(", ", tools.tools().specifications()
          .stream().map(dev.langchain4j.agent.tool.ToolSpecification::name).toList()) + " (from "
          + String.join(", ", tools.connected()) + ")");
    }
    err.flush();
    return tools;
  }

  private static Map<String, MemoryPolicyKind> policies(List<AgentGroup> groups) {
    Map<String, MemoryPolicyKind> policies = new LinkedHashMap<>();
    groups.forEach(g -> policies.put(g.name(), g.config().policy()));
    return policies;
  }

  /** Opens the database the pgvector groups share; one embedder dimension per table. */
  private PgVectorRun openPgvector(Config root, List<AgentGroup> groups) throws Exception {
    List<Integer> dimensions = groups.stream().filter(g -> g.config().memory().store() == MemoryStoreKind.PGVECTOR)
        .map(g -> g.config().memory().embedder().embedder().dimension()).distinct().toList();
    Options.require(spec, dimensions.size() == 1, "groups in pgvector share one table and so one embedder "
        + "dimension: " + dimensions);
    return Options.valid(spec, () -> {
      try {
        return PgVectorRun.open(root, pgUrl, dimensions.get(0));
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalArgumentException("pgvector: " + e.getMessage(), e);
      }
    });
  }

  /** --store applied to the networked groups (the only ones a store can serve). */
  private List<AgentGroup> withStore(List<AgentGroup> groups) {
    if (store == null) {
      return groups;
    }
    List<AgentGroup> out = new ArrayList<>();
    boolean any = false;
    for (AgentGroup g : groups) {
      boolean networked = g.config().policy() == MemoryPolicyKind.NETWORKED;
      any |= networked;
      out.add(networked ? new AgentGroup(g.name(), g.agents(), g.config().withStore(store)) : g);
    }
    if (!any) {
      throw new IllegalArgumentException("--store applies to networked groups, and there is none: add networked to "
          + "--policy");
    }
    return out;
  }

  private Config overrides() {
    Config flags = ConfigFactory.empty();
    if (rtt != null) {
      flags = flags.withValue("memloop.agent.networked.rtt", ConfigValueFactory.fromAnyRef(rtt.toNanos() + "ns"));
    }
    if (budget != null) {
      flags = flags.withValue("memloop.agent.budget", ConfigValueFactory.fromAnyRef(budget));
    }
    if (embedder != null) {
      flags = flags.withValue("memloop.agent.memory.embedder", ConfigValueFactory.fromAnyRef(embedder));
    }
    return flags;
  }

  private List<AgentGroup> groups(Config root) {
    List<AgentGroup> fromConfig = AgentConfigs.groups(root, agents);
    boolean configured = !(fromConfig.size() == 1 && fromConfig.get(0).name().equals("default"));
    if (configured) {
      if (policies != null) {
        throw new IllegalArgumentException("--policy conflicts with the groups of " + config + "; set policy per group");
      }
      return fromConfig;
    }
    List<AgentGroup> out = new ArrayList<>();
    List<MemoryPolicyKind> chosen = policies == null ? List.of(fromConfig.get(0).config().policy()) : policies;
    if (chosen.stream().distinct().count() != chosen.size()) {
      throw new IllegalArgumentException("each policy runs once: " + chosen);
    }
    for (MemoryPolicyKind policy : chosen) {
      out.add(new AgentGroup(policy.configName(), agents, fromConfig.get(0).config().withPolicy(policy)));
    }
    return out;
  }

  private SimulatedModelPreset preset() {
    try {
      return SimulatedModelPreset.parse(model == null ? "nano-sim" : model);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--model " + model + ": without --llm, --model names a simulated preset "
          + "(nano-sim or mini-sim); add --llm openai for a real model", e);
    }
  }

  private CallLimits limits(Config root) {
    CallLimits configured = CallLimits.from(root);
    return new CallLimits(llmConcurrency != null ? llmConcurrency : configured.maxConcurrent(),
        llmRate != null ? llmRate : configured.callsPerSecond(), configured.maxWait());
  }

  /** Each agent's group, by agent id, as TriageFleet names them ({@code <group>-<i>}). */
  private static Map<String, String> groupOfAgent(List<AgentGroup> groups) {
    Map<String, String> out = new java.util.HashMap<>();
    for (AgentGroup g : groups) {
      for (int i = 0; i < g.agents(); i++) {
        out.put(g.name() + "-" + i, g.name());
      }
    }
    return out;
  }

  private static int maxAgents(List<AgentGroup> groups) {
    return groups.stream().mapToInt(AgentGroup::agents).max().orElse(0);
  }

  /** own or pgvector, as the flag spells them. */
  static final class StoreConverter implements CommandLine.ITypeConverter<MemoryStoreKind> {
    @Override
    public MemoryStoreKind convert(String value) {
      return switch (value) {
        case "own" -> MemoryStoreKind.OWN;
        case "pgvector" -> MemoryStoreKind.PGVECTOR;
        default -> throw new CommandLine.TypeConversionException("'" + value + "': expected own or pgvector");
      };
    }
  }

  static final class PolicyConverter implements CommandLine.ITypeConverter<MemoryPolicyKind> {
    @Override
    public MemoryPolicyKind convert(String value) {
      try {
        return MemoryPolicyKind.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

}
