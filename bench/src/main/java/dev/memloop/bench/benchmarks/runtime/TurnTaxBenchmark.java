package dev.memloop.bench.benchmarks.runtime;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.memory.timing.NearestRank;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.StepRecord;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import dev.memloop.workloads.actions.ActionStream;
import dev.memloop.workloads.actions.ActionStreamSpec;
import dev.memloop.workloads.actions.ActionStreams;
import dev.memloop.workloads.actions.CandidateAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * The in-loop memory tax of a turn (paper Table 2): one per-step agent whose memory holds {@code items} lines
 * (a capacity with oldest-first eviction keeps it there) works through turns of S candidate actions, half
 * exact repeats, and each turn's tax is the sum of what its guard lookups cost (embedding and store, as the
 * budget charges them).
 */
public final class TurnTaxBenchmark {

  public record Config(int items, int turns, int stepsPerTurn, long seed) {
    public Config {
      if (items <= 0 || items > 1_000_000) {
        throw new IllegalArgumentException("items must be in [1, 1000000]: " + items);
      }
      if (turns <= 0 || turns > 100_000) {
        throw new IllegalArgumentException("turns must be in [1, 100000]: " + turns);
      }
      if (stepsPerTurn < 2 || stepsPerTurn > 60) {
        throw new IllegalArgumentException("steps per turn must be in [2, 60]: " + stepsPerTurn);
      }
    }
  }

  /** Per-turn tax in nanoseconds, nearest-rank percentiles over the measured turns; {@code items} as held. */
  public record Result(int items, int stepsPerTurn, int turns, long lookupsPerTurn, long taxP50, long taxP99,
      long lookupP50, long embedP50, long storeP50, double threshold) {}

  private TurnTaxBenchmark() {}

  public static Result run(ActorSystem<?> system, Config config, AgentConfig agentConfig, Embedder embedder)
      throws Exception {
    AgentConfig bounded = agentConfig.withBudget(null); // measure the tax, do not ration it
    double threshold = dev.memloop.agents.triage.TriageCalibration.threshold(embedder);
    AgentSpec spec = AgentSpec.builder("tax").config(boundedMemory(bounded, config.items())).threshold(threshold)
        .embedder(embedder).reasoners(ctx -> ScriptedReasoner.actOnEveryObservation())
        .timer(HighResolutionTimer.shared()).seed(config.seed()).build();
    ActorRef<Agent.Command> agent = system.systemActorOf(Agent.create(spec), "tax-" + System.nanoTime(), MemloopDispatcher.props());
    runTurn(system, agent, fill(config.items(), config.seed()));
    Turns stream = new Turns(config.stepsPerTurn(), config.seed());
    for (int t = 0; t < config.turns(); t++) { // warm-up: as many turns again, unmeasured
      runTurn(system, agent, stream.turn(t));
    }
    long[] taxes = new long[config.turns()];
    List<Long> lookups = new ArrayList<>();
    List<Long> embeds = new ArrayList<>();
    List<Long> stores = new ArrayList<>();
    long guarded = 0;
    for (int t = 0; t < config.turns(); t++) {
      TurnResult result = runTurn(system, agent, stream.turn(config.turns() + t));
      long tax = 0;
      for (StepRecord step : result.steps()) {
        if (step.guard().outcome() == GuardOutcome.HIT || step.guard().outcome() == GuardOutcome.MISS) {
          tax += step.guard().cost().chargedNanos();
          lookups.add(step.guard().cost().chargedNanos());
          embeds.add(step.guard().cost().embedNanos());
          stores.add(step.guard().cost().storeNanos());
          guarded++;
        }
      }
      taxes[t] = tax;
    }
    int held = AskPattern.<Agent.Command, Agent.Status>ask(agent, Agent.GetStatus::new, Duration.ofMinutes(1),
        system.scheduler()).toCompletableFuture().get(2, TimeUnit.MINUTES).memorySize();
    agent.tell(Agent.Stop.INSTANCE);
    return new Result(held, config.stepsPerTurn(), config.turns(), guarded / config.turns(),
        NearestRank.of(taxes, 0.5), NearestRank.of(taxes, 0.99), median(lookups),
        median(embeds), median(stores), threshold);
  }

  private static AgentConfig boundedMemory(AgentConfig config, int items) {
    // a capacity with oldest-first eviction holds the memory at `items` as new lines arrive
    return config.withCapacity(items, dev.memloop.memory.Eviction.OLDEST_FIRST);
  }

  private static TurnResult runTurn(ActorSystem<?> system, ActorRef<Agent.Command> agent, Turn turn) throws Exception {
    return AskPattern.<Agent.Command, TurnResult>ask(agent, replyTo -> new Agent.RunTurn(turn, replyTo),
        Duration.ofMinutes(5), system.scheduler()).toCompletableFuture().get(6, TimeUnit.MINUTES);
  }

  /** Distinct action lines (another seed's stream, no repeats) that fill the memory to its capacity. */
  private static Turn fill(int items, long seed) {
    ActionStream distinct = ActionStreams.generate(new ActionStreamSpec(1, Math.min(items, ActionStreams.DISTINCT_LINES), 0),
        seed ^ 0x5DEECE66DL);
    List<Observation> observations = new ArrayList<>(items);
    for (CandidateAction a : distinct.actions()) {
      observations.add(new Observation("fill-" + a.index(), a.line()));
    }
    return new Turn(0, observations);
  }

  /**
   * Candidate-action turns without end: streams of {@value #SEGMENT} turns, each segment its own seed (one stream
   * runs out of distinct lines). A line of an older segment may come back as new work; the tax does not care.
   */
  private static final class Turns {
    static final int SEGMENT = 100;
    private final int steps;
    private final long seed;
    private ActionStream segment;
    private int segmentIndex = -1;

    Turns(int steps, long seed) {
      this.steps = steps;
      this.seed = seed;
    }

    Turn turn(int t) {
      if (t / SEGMENT != segmentIndex) {
        segmentIndex = t / SEGMENT;
        segment = ActionStreams.generate(new ActionStreamSpec(SEGMENT, steps, steps / 2), seed + segmentIndex);
      }
      List<Observation> observations = new ArrayList<>();
      for (CandidateAction a : segment.turn(t % SEGMENT)) {
        observations.add(new Observation(t + "-" + a.index(), a.line()));
      }
      return new Turn(t + 1, observations);
    }
  }

  private static long median(List<Long> values) {
    return values.isEmpty() ? 0 : NearestRank.of(values, 0.5);
  }
}
