package dev.memloop.bench.benchmarks.cluster;

import com.typesafe.config.Config;
import dev.memloop.agents.cluster.ClusterTriage;
import dev.memloop.runtime.cluster.AgentSharding;
import dev.memloop.runtime.cluster.ShardedAgent;
import dev.memloop.runtime.step.GuardOutcome;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * Guarded steps per second of sharded triage agents on a cluster of one node and of three, in this JVM: the same
 * CPU either way, so the ratio is what the cluster costs (Artery hops, serialization, the majority write at every
 * turn end), not a speed-up. The first turn (entities starting, snapshots read) is not timed.
 */
final class ClusterOverhead {

  public record Result(int nodes, int agents, long steps, long guardedSteps, double seconds) {
    public double guardedPerSecond() {
      return guardedSteps / seconds;
    }

    public double stepsPerSecond() {
      return steps / seconds;
    }
  }

  private ClusterOverhead() {}

  static Result run(int nodeCount, int agents, int turns, long seed, Config base) throws Exception {
    List<List<String>> roles = Collections.nCopies(nodeCount, List.of(AgentSharding.ROLE));
    try (InProcessCluster cluster = InProcessCluster.start(roles, base)) {
      for (int n = 0; n < cluster.size(); n++) {
        AgentSharding.initOnRole(cluster.node(n), ClusterTriage.specs(base, seed));
      }
      ActorSystem<Void> driver = cluster.node(0);
      runTurn(driver, agents, 0, seed); // warm-up: entities start and read their (empty) snapshots
      long steps = 0;
      long guarded = 0;
      long start = System.nanoTime();
      for (int t = 1; t < turns; t++) {
        for (TurnResult result : runTurn(driver, agents, t, seed)) {
          steps += result.steps().size();
          guarded += result.count(GuardOutcome.HIT) + result.count(GuardOutcome.MISS);
        }
      }
      return new Result(nodeCount, agents, steps, guarded, (System.nanoTime() - start) / 1e9);
    }
  }

  /** Turn {@code t} of every agent at once; all answers, or the failure of the first that did not come. */
  private static List<TurnResult> runTurn(ActorSystem<?> driver, int agents, int t, long seed) throws Exception {
    List<CompletableFuture<TurnResult>> answers = new ArrayList<>();
    for (int a = 0; a < agents; a++) {
      Turn turn = ClusterTriage.turns(seed, a).get(t);
      answers.add(AgentSharding.agent(driver, ClusterTriage.agentId(a)).<TurnResult>ask(
          replyTo -> new ShardedAgent.RunTurn(turn, replyTo), Duration.ofSeconds(60)).toCompletableFuture());
    }
    List<TurnResult> results = new ArrayList<>();
    for (CompletableFuture<TurnResult> answer : answers) {
      results.add(answer.get(2, TimeUnit.MINUTES));
    }
    return results;
  }
}
