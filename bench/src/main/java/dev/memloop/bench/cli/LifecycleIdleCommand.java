package dev.memloop.bench.cli;

import dev.memloop.cli.command.EmbedderOption;
import dev.memloop.cli.command.FleetFootprint;
import dev.memloop.cli.command.Heap;
import dev.memloop.cli.command.Failures;
import dev.memloop.cli.command.Durations;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CliConfig;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.ActorSystems;
import com.typesafe.config.Config;
import dev.memloop.agents.triage.TriageFleet;
import dev.memloop.agents.triage.TriageRun;
import dev.memloop.bench.benchmarks.runtime.IdleMemories;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.Passivation;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentGroup;
import dev.memloop.runtime.config.AgentConfigs;
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
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop lifecycle idle}: idle agents that hold what they learned, passivated, and brought back. */
@Command(name = "idle", mixinStandardHelpOptions = true,
    description = "Idle agents holding remembered items: each learns --items lines in one turn and is left idle; "
        + "compact: the runtime passivates it after --idle-timeout (stopped, kept as half-precision vectors and "
        + "texts); full: it stays up. Then heap per idle agent, restore time per agent and per item, and whether an "
        + "agent brought back by a turn still catches a repeat.")
final class LifecycleIdleCommand implements Callable<Integer> {

  /**
   * Heap planned on per idle agent before the run, as an actor's share plus a share per item, rounded up from what
   * agents of 10 items measured (docs/BENCHMARKS.md, "Idle agents that hold what they learned"): 7.8 KiB each
   * passivated (the passivating actor about 1.4 KiB, the compact snapshot the rest), 17.8 KiB each kept up.
   */
  static final long COMPACT_BYTES_PER_AGENT = 1_450;
  static final long COMPACT_BYTES_PER_ITEM = 660;
  static final long FULL_BYTES_PER_AGENT = 2_000;
  static final long FULL_BYTES_PER_ITEM = 1_650;

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--agents", defaultValue = "100000", description = "Idle agents (default: ${DEFAULT-VALUE}).")
  private int agents;

  @Option(names = "--items", defaultValue = "10", description = "Items each remembers (default: ${DEFAULT-VALUE}).")
  private int items;

  @Option(names = "--form", defaultValue = "compact", converter = FormConverter.class,
      description = "How idle agents are kept: compact (passivated: half-precision vectors and texts) or full (kept up, "
          + "as they were) (default: ${DEFAULT-VALUE}).")
  private IdleMemories.Form form;

  @Option(names = "--idle-timeout", defaultValue = "1s", converter = Durations.class,
      description = "Idle time after which the runtime passivates a compact agent (default: ${DEFAULT-VALUE}).")
  private java.time.Duration idleTimeout;

  @Option(names = "--sample", defaultValue = "1000",
      description = "Agents brought back to time the restore (default: ${DEFAULT-VALUE}).")
  private int sample;

  @Option(names = "--active", defaultValue = "0",
      description = "Per-step triage agents run as a fleet while the idle ones are kept; 0 runs none "
          + "(default: ${DEFAULT-VALUE}).")
  private int active;

  @CommandLine.Mixin
  private EmbedderOption embedder;

  @CommandLine.Mixin
  private RunOutput output;

  /** compact or full, as the flag spells them. */
  static final class FormConverter implements CommandLine.ITypeConverter<IdleMemories.Form> {
    @Override
    public IdleMemories.Form convert(String value) {
      return switch (value) {
        case "compact" -> IdleMemories.Form.COMPACT;
        case "full" -> IdleMemories.Form.FULL;
        default -> throw new CommandLine.TypeConversionException("'" + value + "': expected compact or full");
      };
    }
  }

  @Override
  public Integer call() throws Exception {
    Options.require(spec, agents >= 1 && agents <= 10_000_000, "agents must be in [1, 10000000]: " + agents);
    Options.require(spec, items >= 1 && items <= 1_000, "items must be in [1, 1000]: " + items);
    Options.require(spec, sample >= 0, "sample must be >= 0: " + sample);
    Options.require(spec, active >= 0, "active must be >= 0: " + active);
    Options.require(spec, !idleTimeout.isZero() && !idleTimeout.isNegative()
        && idleTimeout.compareTo(Passivation.MAX_IDLE_TIMEOUT) <= 0,
        "--idle-timeout must be > 0 and <= 365d: " + Units.config(idleTimeout));
    long idleBytes = form == IdleMemories.Form.FULL ? FULL_BYTES_PER_AGENT + FULL_BYTES_PER_ITEM * items
        : COMPACT_BYTES_PER_AGENT + COMPACT_BYTES_PER_ITEM * items;
    Heap.require(spec, "--agents", agents, agents, idleBytes, "idle agents of " + items + " items");
    Heap.requireTotal(spec, "--active", active, (long) agents * idleBytes + (long) active * FleetFootprint.bytesPerAgent(),
        String.format(Locale.ROOT, "%,d idle and %,d active agents", agents, active));
    Embedder chosen = embedder.embedder(spec);
    Config root = CliConfig.load(null);
    AgentConfig agent = AgentConfigs.agent(root).withPolicy(MemoryPolicyKind.PER_STEP).withThreshold(0.99)
        .withBudget(null); // learning the items is not what is measured: no lookup is priced out while filling
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("agents", agents);
    parameters.put("items", items);
    parameters.put("form", form.name().toLowerCase(Locale.ROOT));
    parameters.put("sample", sample);
    parameters.put("idle_timeout_ms", idleTimeout.toMillis());
    parameters.put("embedder", chosen.name());
    CommandRun run = CommandRun.start(spec, output, "lifecycle-idle", "memloop lifecycle idle", parameters);
    PrintWriter console = run.console();
    TriageRun.Outcome[] fleet = new TriageRun.Outcome[1];
    Heap.Peak heap = Heap.watch();
    IdleMemories.Result result = ActorSystems.with("memloop-idle", root, system ->
        IdleMemories.measure(system, agents, items, form, idleTimeout, agent, chosen, sample, done -> {
          if (done % 100_000 == 0 || done == agents) {
            output.progress().line(console, "  %,d of %,d agents learned", done, agents);
            console.flush();
          }
        }, () -> {
          if (active > 0) {
            output.progress().line(console, "  %,d active per-step agents beside them", active);
            console.flush();
            AgentGroup group = new AgentGroup("active", active, AgentConfigs.groups(root, active).get(0).config()
                .withPolicy(MemoryPolicyKind.PER_STEP));
            fleet[0] = TriageRun.run(system, TriageFleet.assemble(List.of(group),
                SimulatedModelPreset.NANO_SIM.parameters(), AlertWorkloadSpec.DEFAULT, 42, HighResolutionTimer.shared()),
                FleetOptions.DEFAULT, FleetListener.NONE).toCompletableFuture().get(1, TimeUnit.HOURS);
          }
        }));
    TextTable table = new TextTable("measure", "value");
    table.row(form == IdleMemories.Form.COMPACT ? "idle agents passivated after " + Units.config(idleTimeout)
        + ", items each" : "idle agents kept up (full), items each", String.format(Locale.ROOT, "%,d x %d",
        result.agents(), result.items()));
    table.row("heap per idle agent (after full collections)", Units.bytes(result.heapBytesPerAgent()));
    table.row(form == IdleMemories.Form.COMPACT ? "learning, then every agent passivated" : "learning",
        Units.time(result.fillNanos()));
    table.row("restore per agent: decode + spawn (median of " + result.sampled() + ")",
        Units.microsWithUnit(result.restoreNanosPerAgent()));
    table.row("restore per item", Units.microsWithUnit((long) result.restoreNanosPerItem()));
    table.row("turn back: sent, restored, answered (median)", Units.microsWithUnit(result.backNanosPerAgent()));
    table.row("agents back that caught a repeat", result.caughtAfterRestore() + " of " + result.sampled());
    Map<String, Object> records = new LinkedHashMap<>();
    records.put("idle", result);
    if (fleet[0] != null) {
      GroupSummary g = fleet[0].fleet().groups().get(0);
      table.row("active fleet beside them (nano-sim, simulated)", String.format(Locale.ROOT, "%,d agents, %,.0f steps/s, "
          + "%d redundant, %d unaffordable", g.agents(), g.stepsPerSecond(), g.redundant(), g.unaffordable()));
      table.row("live heap at its peak, idle and active (after collections)", Units.bytes(heap.bytes()));
      records.put("active", g);
    }
    console.print(table.plain());
    int code = run.finish("lifecycle-idle.json", records, table.markdown());
    return Failures.afterRun(spec, fleet[0] == null ? null : fleet[0].fleet().unanswered(), code);
  }
}
