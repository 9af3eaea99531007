package dev.memloop.bench.benchmarks.runtime;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.NearestRank;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.step.Turn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * Agents per second that spawn (actor and working memory), run one short turn and stop, against bare Pekko
 * spawn and stop, in rounds that alternate the two in one actor system after a warm-up of each.
 */
public final class AgentLifecycleBenchmark {

  public record Config(int rounds, double secondsPerRound, int inFlight, int turnSteps, double warmupSeconds) {
    public Config {
      if (rounds <= 0) {
        throw new IllegalArgumentException("rounds must be > 0: " + rounds);
      }
      if (!(secondsPerRound > 0 && secondsPerRound <= 60)) {
        throw new IllegalArgumentException("seconds per round must be in (0, 60]: " + secondsPerRound);
      }
      if (inFlight <= 0 || inFlight > 100_000) {
        throw new IllegalArgumentException("lifecycles in flight must be in [1, 100000]: " + inFlight);
      }
      if (turnSteps <= 0 || turnSteps > 1_000) {
        throw new IllegalArgumentException("steps per turn must be in [1, 1000]: " + turnSteps);
      }
      if (!(warmupSeconds >= 0 && warmupSeconds <= 600)) {
        throw new IllegalArgumentException("warm-up seconds must be in [0, 600]: " + warmupSeconds);
      }
    }
  }

  /**
   * Lifecycles per second of each round, per kind. Rounds run in adjacent pairs, so the headline ratio is the
   * median of the pairs' ratios: on a shared machine whose speed drifts within seconds, a pair sees the same
   * weather, while medians taken per kind would compare different moments.
   */
  public record Result(List<Double> barePerSecond, List<Double> agentPerSecond) {
    public double bareMedian() {
      return median(barePerSecond);
    }

    public double agentMedian() {
      return median(agentPerSecond);
    }

    public List<Double> pairRatios() {
      List<Double> ratios = new ArrayList<>();
      for (int i = 0; i < barePerSecond.size(); i++) {
        ratios.add(agentPerSecond.get(i) / barePerSecond.get(i));
      }
      return ratios;
    }

    public double ratio() {
      return median(pairRatios());
    }
  }

  private AgentLifecycleBenchmark() {}

  public static Result run(ActorSystem<?> system, Config config, AgentConfig agentConfig, Embedder embedder,
      Consumer<String> progress) throws Exception {
    Turn turn = LifecycleKinds.shortTurn(config.turnSteps());
    LifecycleDriver.Kind bare = LifecycleKinds.bare();
    LifecycleDriver.Kind agent = LifecycleKinds.agent(agentConfig, embedder, turn);
    progress.accept("  warming up");
    round(system, bare, config.inFlight(), config.warmupSeconds());
    round(system, agent, config.inFlight(), config.warmupSeconds());
    List<Double> bareRates = new ArrayList<>();
    List<Double> agentRates = new ArrayList<>();
    for (int r = 0; r < config.rounds(); r++) {
      progress.accept("  round " + (r + 1) + "/" + config.rounds());
      boolean bareFirst = r % 2 == 0; // alternate who goes first
      if (bareFirst) {
        bareRates.add(round(system, bare, config.inFlight(), config.secondsPerRound()));
      }
      agentRates.add(round(system, agent, config.inFlight(), config.secondsPerRound()));
      if (!bareFirst) {
        bareRates.add(round(system, bare, config.inFlight(), config.secondsPerRound()));
      }
    }
    return new Result(bareRates, agentRates);
  }

  private static int drivers;

  private static double round(ActorSystem<?> system, LifecycleDriver.Kind kind, int inFlight, double seconds)
      throws Exception {
    if (seconds == 0) {
      return 0;
    }
    long start = System.nanoTime();
    ActorRef<LifecycleDriver.Command> driver =
        system.systemActorOf(LifecycleDriver.create(kind, inFlight), "lifecycle-driver-" + drivers++, MemloopDispatcher.props());
    Thread.sleep((long) (seconds * 1000)); // the harness's own clock; nothing is asserted on it
    long count = AskPattern.<LifecycleDriver.Command, Long>ask(driver, LifecycleDriver.Finish::new,
        Duration.ofMinutes(1), system.scheduler()).toCompletableFuture().get(2, TimeUnit.MINUTES);
    return count * 1e9 / (System.nanoTime() - start);
  }

  static double median(List<Double> values) {
    return NearestRank.median(values.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
