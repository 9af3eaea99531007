package dev.memloop.cli;

import dev.memloop.cli.command.FleetFootprint;
import dev.memloop.cli.command.Heap;
import dev.memloop.cli.command.ModelSpend;
import dev.memloop.cli.command.Failures;
import dev.memloop.cli.command.Durations;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CliConfig;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.ActorSystems;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import dev.memloop.agents.triage.TriageFleet;
import dev.memloop.agents.triage.TriageRun;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.pgvector.PgVectorRun;
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

  @CommandLine.Mixin
  private McpServerFlags mcp;

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
    Options.require(spec, spend.real() || spend.llmBaseUrl() == null, "--llm-base-url needs --llm openai");
    Options.require(spec, spend.real() || !mcp.given(), "--mcp needs --llm openai: a simulated model calls no tools");
    Config root = Options.valid(spec, () -> overrides().withFallback(CliConfig.load(config)).resolve());
    List<AgentGroup> groups = Options.valid(spec, () -> withStore(groups(root)));
    List<McpServerSettings> mcpServers = spend.real() ? Options.valid(spec, () -> mcp.servers(root)) : List.of();
    boolean onPgvector = groups.stream().anyMatch(g -> g.config().memory().store() == MemoryStoreKind.PGVECTOR);
    Options.require(spec, pgUrl == null || onPgvector, "--pg-url needs a group whose memory is in pgvector "
        + "(--store pgvector, or memory.store = pgvector in --config)");
    if (pgUrl != null) {
      Options.valid(spec, () -> PgUrl.checked(pgUrl, "--pg-url"));
    }
    long fleetAgents = groups.stream().mapToLong(AgentGroup::agents).sum();
    Heap.require(spec, "--agents", agents, fleetAgents, FleetFootprint.bytesPerAgent(), "agents");
    Options.valid(spec, () -> dev.memloop.agents.triage.TriageWorkloads.checkNotHeldOut(seed));
    SimulatedModelPreset preset = spend.real() ? null : Options.valid(spec, this::preset);
    FleetLlm real = preset != null ? null : Options.valid(spec, () -> FleetLlm.resolve(root, groups, model,
        spend.llmBaseUrl(), limits(root)));
    if (real != null) {
      String unreachable = real.unreachable();
      Options.require(spec, unreachable == null, unreachable);
      if (!real.affordable(groups, spend.tokenBudget(), spend.yes(), spec.commandLine().getErr())) {
        throw spend.overBudget(spec);
      }
    }
    FleetPlan plan = new FleetPlan(root, groups, preset, real, mcpServers, pgUrl, seed, concurrent, warmup, floor,
        inFlight);
    return new FleetRunner(spec, plan, output, serve, trace).run();
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
