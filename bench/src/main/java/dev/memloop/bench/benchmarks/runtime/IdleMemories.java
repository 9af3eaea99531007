package dev.memloop.bench.benchmarks.runtime;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.memory.timing.NearestRank;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.PassivatingAgent;
import dev.memloop.runtime.Passivation;
import dev.memloop.runtime.PassivationTally;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntConsumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * Idle agents that hold what they learned: each agent runs one turn that remembers {@code items} action lines and
 * is then left idle. {@link Form#COMPACT} agents are {@link PassivatingAgent}s: after the idle timeout the runtime
 * stops each one and keeps it as a {@link dev.memloop.runtime.CompactSnapshot}; {@link Form#FULL} agents stay up,
 * their memories as they were (the comparison: what passivation saves). Then the heap they occupy, per agent, and
 * for a sample of them, one at a time, a turn that repeats an earlier action: how long the runtime's restore took
 * (decoding and spawning, from its tally), how long the turn took to be answered, and whether the agent, back,
 * still caught the repeat.
 */
public final class IdleMemories {

  /** How the idle agents are kept. */
  public enum Form { COMPACT, FULL }

  /**
   * @param heapBytesPerAgent live heap the idle agents add, per agent (after a full collection)
   * @param fillNanos learning every agent's items and, compact, waiting until every one is passivated
   * @param restoreNanosPerAgent the runtime's restore of one agent (median of the sample; 0 when full)
   * @param backNanosPerAgent the repeated turn sent and answered, restore included (median)
   * @param caughtAfterRestore sampled agents whose turn back blocked the repeat of an earlier action
   */
  public record Result(int agents, int items, Form form, long heapBytesPerAgent, long fillNanos, int sampled,
      long restoreNanosPerAgent, double restoreNanosPerItem, long backNanosPerAgent, int caughtAfterRestore) {}

  /** Work to run while the idle agents are kept (an active fleet beside them). */
  @FunctionalInterface
  public interface WhileKept {
    void run() throws Exception;
  }

  private static final int IN_FLIGHT = 1_000;
  private static final Duration TURN = Duration.ofSeconds(60);

  private IdleMemories() {}

  /**
   * @param idleTimeout how long a compact agent waits idle before the runtime passivates it
   * @param progress told how many agents have learned, as they do
   * @throws TimeoutException if the agents are not all passivated within {@code idleTimeout} plus a minute of
   *     the last one's turn
   */
  public static Result measure(ActorSystem<?> system, int agents, int items, Form form, Duration idleTimeout,
      AgentConfig config, Embedder embedder, int sample, IntConsumer progress, WhileKept whileKept) throws Exception {
    long baseline = IdleFootprint.settledHeap();
    Passivation passivation = Passivation.after(idleTimeout);
    List<ActorRef<Agent.Command>> kept = new ArrayList<>(agents);
    long start = System.nanoTime();
    try {
      for (int from = 0; from < agents; from += IN_FLIGHT) {
        int to = Math.min(agents, from + IN_FLIGHT);
        List<CompletableFuture<TurnResult>> batch = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
          AgentSpec spec = spec(i, config, embedder);
          ActorRef<Agent.Command> agent = system.systemActorOf(form == Form.COMPACT
              ? PassivatingAgent.create(spec, passivation) : Agent.create(spec), spec.id(), MemloopDispatcher.props());
          kept.add(agent);
          batch.add(ask(system, agent, turn(i, items)));
        }
        for (CompletableFuture<TurnResult> learned : batch) {
          learned.get(TURN.toMillis(), TimeUnit.MILLISECONDS);
        }
        progress.accept(to);
      }
      if (form == Form.COMPACT) {
        awaitPassive(passivation.tally(), agents, idleTimeout.plusMinutes(1));
      }
      long fillNanos = System.nanoTime() - start;
      long perAgent = (IdleFootprint.settledHeap() - baseline) / agents;

      int sampled = Math.min(sample, agents);
      long[] restore = new long[sampled];
      long[] back = new long[sampled];
      int caught = 0;
      for (int s = 0; s < sampled; s++) {
        int i = (int) ((long) s * agents / sampled);
        long restoredBefore = passivation.tally().restoreNanos();
        long t0 = System.nanoTime();
        TurnResult result = ask(system, kept.get(i), new Turn(1, List.of(new Observation("again", line(i, 0)))))
            .get(TURN.toMillis(), TimeUnit.MILLISECONDS);
        back[s] = System.nanoTime() - t0;
        restore[s] = passivation.tally().restoreNanos() - restoredBefore;
        if (result.steps().get(0).guard().outcome() == GuardOutcome.HIT) {
          caught++;
        }
      }
      long restoreMedian = sampled == 0 ? 0 : NearestRank.median(restore);
      whileKept.run();
      return new Result(agents, items, form, perAgent, fillNanos, sampled, restoreMedian,
          items == 0 ? 0 : (double) restoreMedian / items, sampled == 0 ? 0 : NearestRank.median(back), caught);
    } finally {
      kept.forEach(agent -> agent.tell(Agent.Stop.INSTANCE));
    }
  }

  /** Waits, looking every 100 ms, until {@code agents} are passive: passivation is the runtime's, on its timers. */
  private static void awaitPassive(PassivationTally tally, int agents, Duration patience)
      throws InterruptedException, TimeoutException {
    long deadline = System.nanoTime() + patience.toNanos();
    while (tally.passiveNow() < agents) {
      if (System.nanoTime() - deadline > 0) {
        throw new TimeoutException(String.format(Locale.ROOT, "%,d of %,d idle agents passivated within %s",
            tally.passiveNow(), agents, Units.config(patience)));
      }
      Thread.sleep(100);
    }
  }

  private static CompletableFuture<TurnResult> ask(ActorSystem<?> system, ActorRef<Agent.Command> agent, Turn turn) {
    return AskPattern.<Agent.Command, TurnResult>ask(agent, r -> new Agent.RunTurn(turn, r), TURN, system.scheduler())
        .toCompletableFuture();
  }

  private static AgentSpec spec(int i, AgentConfig config, Embedder embedder) {
    return AgentSpec.builder("idle-" + i).config(config).threshold(0.99).embedder(embedder)
        .reasoners(ctx -> ScriptedReasoner.actOnEveryObservation()).timer(HighResolutionTimer.shared()).seed(i)
        .build();
  }

  private static Turn turn(int agent, int items) {
    List<Observation> observations = new ArrayList<>(items);
    for (int j = 0; j < items; j++) {
      observations.add(new Observation("o" + j, line(agent, j)));
    }
    return new Turn(0, observations);
  }

  /** The agent's {@code j}-th distinct action line. */
  private static String line(int agent, int j) {
    return "investigate host=web-" + (agent % 997) + "-" + j + " sig=case-" + agent + "-" + (j * 31 + 7);
  }
}
