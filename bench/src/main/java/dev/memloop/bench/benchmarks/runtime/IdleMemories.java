package dev.memloop.bench.benchmarks.runtime;

import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.HighResolutionTimer;
import dev.memloop.memory.timing.NearestRank;
import dev.memloop.runtime.Agent;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.AgentSpec;
import dev.memloop.runtime.CompactSnapshot;
import dev.memloop.runtime.MemloopDispatcher;
import dev.memloop.runtime.config.AgentConfig;
import dev.memloop.runtime.reasoner.ScriptedReasoner;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.Observation;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;

/**
 * Idle agents that hold what they learned, passivated: each agent runs one turn that remembers {@code items}
 * action lines, is stopped, and is kept as a {@link CompactSnapshot} (or, for comparison, the full
 * {@link AgentSnapshot}). Then the heap they occupy, per agent, and how long a sample of them takes to come back
 * ({@link CompactSnapshot#restore} and a new agent from it) and whether each, back, still catches a repeat of its
 * earlier work.
 */
public final class IdleMemories {

  /** How the idle agents are kept. */
  public enum Form { COMPACT, FULL }

  /**
   * @param heapBytesPerAgent live heap the kept agents add, per agent (after a full collection)
   * @param restoreNanosPerAgent decoding one agent's snapshot (median of the sample's agents)
   * @param backNanosPerAgent a restored agent spawned and its first turn answered (median)
   * @param caughtAfterRestore sampled agents whose first turn back blocked the repeat of an earlier action
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

  public static Result measure(ActorSystem<?> system, int agents, int items, Form form, AgentConfig config,
      Embedder embedder, int sample, IntConsumer progress, WhileKept whileKept) throws Exception {
    long baseline = IdleFootprint.settledHeap();
    Object[] kept = new Object[agents];
    long start = System.nanoTime();
    for (int from = 0; from < agents; from += IN_FLIGHT) {
      int to = Math.min(agents, from + IN_FLIGHT);
      List<CompletableFuture<AgentSnapshot>> batch = new ArrayList<>(to - from);
      for (int i = from; i < to; i++) {
        batch.add(learn(system, spec(i, config, embedder), turn(i, items)));
      }
      for (int i = from; i < to; i++) {
        AgentSnapshot snapshot = batch.get(i - from).get(TURN.toMillis(), TimeUnit.MILLISECONDS);
        kept[i] = form == Form.COMPACT ? CompactSnapshot.of(snapshot) : snapshot;
      }
      progress.accept(to);
    }
    long fillNanos = System.nanoTime() - start;
    long perAgent = (IdleFootprint.settledHeap() - baseline) / agents;

    int sampled = Math.min(sample, agents);
    long[] restore = new long[sampled];
    long[] back = new long[sampled];
    int caught = 0;
    for (int s = 0; s < sampled; s++) {
      int i = (int) ((long) s * agents / sampled);
      long t0 = System.nanoTime();
      AgentSnapshot snapshot = kept[i] instanceof CompactSnapshot c ? c.restore() : (AgentSnapshot) kept[i];
      long t1 = System.nanoTime();
      ActorRef<Agent.Command> agent = system.systemActorOf(Agent.create(spec(i, config, embedder), snapshot),
          "back-" + i + "-" + System.nanoTime(), MemloopDispatcher.props());
      Turn again = new Turn(1, List.of(new Observation("again", line(i, 0))));
      TurnResult result = AskPattern.<Agent.Command, TurnResult>ask(agent, r -> new Agent.RunTurn(again, r), TURN,
          system.scheduler()).toCompletableFuture().get(TURN.toMillis(), TimeUnit.MILLISECONDS);
      back[s] = System.nanoTime() - t1;
      restore[s] = t1 - t0;
      if (result.steps().get(0).guard().outcome() == GuardOutcome.HIT) {
        caught++;
      }
      agent.tell(Agent.Stop.INSTANCE);
    }
    long restoreMedian = sampled == 0 ? 0 : NearestRank.median(restore);
    whileKept.run();
    java.lang.ref.Reference.reachabilityFence(kept); // the kept agents stay alive until everything is measured
    return new Result(agents, items, form, perAgent, fillNanos, sampled, restoreMedian,
        items == 0 ? 0 : (double) restoreMedian / items, sampled == 0 ? 0 : NearestRank.median(back), caught);
  }

  private static CompletableFuture<AgentSnapshot> learn(ActorSystem<?> system, AgentSpec spec, Turn turn) {
    ActorRef<Agent.Command> agent = system.systemActorOf(Agent.create(spec), "idle-" + spec.id(),
        MemloopDispatcher.props());
    return AskPattern.<Agent.Command, TurnResult>ask(agent, r -> new Agent.RunTurn(turn, r), TURN, system.scheduler())
        .thenCompose(done -> AskPattern.<Agent.Command, AgentSnapshot>ask(agent, Agent.GetSnapshot::new, TURN,
            system.scheduler()))
        .whenComplete((snapshot, failure) -> agent.tell(Agent.Stop.INSTANCE))
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
