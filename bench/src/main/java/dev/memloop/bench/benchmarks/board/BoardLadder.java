package dev.memloop.bench.benchmarks.board;

import dev.memloop.agents.board.BoardFleet;
import dev.memloop.memory.timing.DelayTimer;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.policy.MemoryPolicyKind;
import dev.memloop.runtime.reasoner.SimulatedModel;
import dev.memloop.workloads.fleet.FleetAlertSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * The paper's Figure 6 for a fleet: agents sharing one blackboard under a fixed per-turn lookup budget, the
 * board reached in-process (the direct view) or through its read port at each injected round trip, with the
 * per-turn snapshot and no memory as references; every rung runs the same seeded fleet workloads.
 */
public final class BoardLadder {

  /** The paper's rungs: +5, +15, +30, +50, +110 ms, with +1 ms added. */
  public static final List<Duration> PAPER_RTTS = List.of(Duration.ofMillis(1), Duration.ofMillis(5),
      Duration.ofMillis(15), Duration.ofMillis(30), Duration.ofMillis(50), Duration.ofMillis(110));

  /** One arm of the ladder: in-process, a round trip, or a reference without lookups. */
  public record Rung(String name, MemoryPolicyKind policy, Duration rtt) {

    /** The injected round trip in ms on the chart's axis (0 in-process; NaN for the references). */
    public double rttMillis() {
      return policy == MemoryPolicyKind.PER_STEP ? 0 : policy == MemoryPolicyKind.NETWORKED ? rtt.toNanos() / 1e6
          : Double.NaN;
    }

    public boolean reference() {
      return !policy.guardsInLoop();
    }
  }

  private BoardLadder() {}

  public static List<Rung> rungs(List<Duration> rtts) {
    List<Rung> rungs = new ArrayList<>();
    rungs.add(new Rung("in-process", MemoryPolicyKind.PER_STEP, Duration.ZERO));
    for (Duration rtt : rtts) {
      rungs.add(new Rung("+" + rtt.toMillis() + " ms", MemoryPolicyKind.NETWORKED, rtt));
    }
    rungs.add(new Rung("per-turn", MemoryPolicyKind.PER_TURN, Duration.ZERO));
    rungs.add(new Rung("none", MemoryPolicyKind.NONE, Duration.ZERO));
    return rungs;
  }

  /** Runs every rung on seeds {@code seed .. seed + seeds - 1}, one fleet at a time. */
  public static List<LadderCell> run(ActorSystem<?> system, AgentConfig base, FleetAlertSpec spec,
      SimulatedModel.Parameters model, long seed, int seeds, List<Rung> rungs, DelayTimer timer,
      Consumer<String> progress) throws Exception {
    List<LadderCell> cells = new ArrayList<>();
    for (Rung rung : rungs) {
      AgentConfig config = base.withPolicy(rung.policy()).withRtt(rung.rtt());
      List<BoardFleet.Outcome> runs = new ArrayList<>();
      for (int s = 0; s < seeds; s++) {
        progress.accept(rung.name() + ", seed " + (seed + s));
        runs.add(BoardFleet.run(system, "ladder", config, spec, model, seed + s, timer, FleetListener.NONE)
            .toCompletableFuture().get(24, TimeUnit.HOURS));
      }
      cells.add(LadderCell.of(rung, runs));
    }
    return cells;
  }
}
