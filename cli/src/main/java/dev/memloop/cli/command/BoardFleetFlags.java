package dev.memloop.cli.command;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import dev.memloop.agents.board.BoardFleet;
import dev.memloop.agents.triage.TriageRun;
import dev.memloop.agents.triage.TriageWorkloads;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.config.AgentConfigs;
import dev.memloop.runtime.config.EmbedderChoice;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import dev.memloop.workloads.fleet.FleetAlertSpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The flags every blackboard fleet command shares: the fleet's size, the agents' settings, the model, the seed. */
public final class BoardFleetFlags {

  @Option(names = "--agents", defaultValue = "100", description = "Agents sharing the blackboard (default: ${DEFAULT-VALUE}).")
  private int agents;

  @Option(names = "--budget", description = "Per-turn lookup budget, as in 100ms, or unlimited (default: the config's).")
  private String budget;

  @Option(names = "--config", description = "A HOCON file of memloop.agent settings.")
  private Path config;

  @Option(names = "--embedder", description = EmbedderChoice.FORMS + ".")
  private String embedder;

  @Option(names = "--model", defaultValue = "nano-sim", converter = PresetConverter.class,
      description = "Simulated model preset: nano-sim or mini-sim (default: ${DEFAULT-VALUE}).")
  private SimulatedModelPreset model;

  @Option(names = "--seed", defaultValue = "42", description = "Workload seed (default: ${DEFAULT-VALUE}).")
  private long seed;

  @Option(names = "--warmup", defaultValue = "300", description = "Agents of an ungraded per-step fleet run first, on "
      + "another seed, so that the first arm is not timed interpreted (default: ${DEFAULT-VALUE}; 0 for none).")
  private int warmup;

  /** Runs the warm-up fleet, if any. */
  public void warmUp(ActorSystem<?> system, AgentConfig base, PrintWriter console, ProgressOption progress) throws Exception {
    if (warmup == 0) {
      return;
    }
    progress.line(console, "warming up: %d agents, per-step, not graded", warmup);
    BoardFleet.run(system, "warmup", base.withPolicy(MemoryPolicyKind.PER_STEP), FleetAlertSpec.of(warmup),
        model.parameters(), seed + TriageRun.WARMUP_SEED_OFFSET, HighResolutionTimer.shared(), FleetListener.NONE)
        .toCompletableFuture().get(1, TimeUnit.HOURS);
  }

  /** The configuration: reference.conf, then --config, then these flags; bad values name themselves. */
  public Config root(CommandLine.Model.CommandSpec spec) {
    if (agents <= 0 || agents > 100_000) {
      throw new CommandLine.ParameterException(spec.commandLine(), "agents must be in [1, 100000]: " + agents);
    }
    if (warmup < 0 || warmup > 100_000) {
      throw new CommandLine.ParameterException(spec.commandLine(), "warmup must be in [0, 100000]: " + warmup);
    }
    Options.valid(spec, () -> TriageWorkloads.checkNotHeldOut(seed));
    Config flags = ConfigFactory.empty();
    if (budget != null) {
      flags = flags.withValue("memloop.agent.budget", ConfigValueFactory.fromAnyRef(budget));
    }
    if (embedder != null) {
      flags = flags.withValue("memloop.agent.memory.embedder", ConfigValueFactory.fromAnyRef(embedder));
    }
    Config merged = flags;
    Config root = Options.valid(spec, () -> merged.withFallback(CliConfig.load(config)).resolve());
    AgentConfig agent = Options.valid(spec, () -> AgentConfigs.agent(root)); // every key checked before anything starts
    Options.valid(spec, () -> agent.memory().embedder().embedder());
    return root;
  }

  public AgentConfig agent(Config root) {
    return AgentConfigs.agent(root);
  }

  public FleetAlertSpec workload() {
    return FleetAlertSpec.of(agents);
  }

  /** {@code agents} as given. */
  public int agents() {
    return agents;
  }

  /** {@code budget} as given. */
  public String budget() {
    return budget;
  }

  /** {@code config} as given. */
  public Path config() {
    return config;
  }

  /** {@code embedder} as given. */
  public String embedder() {
    return embedder;
  }

  /** {@code model} as given. */
  public SimulatedModelPreset model() {
    return model;
  }

  /** {@code seed} as given. */
  public long seed() {
    return seed;
  }

  /** {@code warmup} as given. */
  public int warmup() {
    return warmup;
  }
}
