package dev.memloop.bench.benchmarks.cluster;

import dev.memloop.memory.timing.NearestRank;
import dev.memloop.agents.cluster.ClusterTriage;
import dev.memloop.runtime.cluster.AgentSharding;
import dev.memloop.runtime.cluster.Handoff;
import dev.memloop.runtime.cluster.ShardedAgent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * The agents that moved: every agent says how its current incarnation started, and those that started with
 * turns behind them were restored from a snapshot on a new node (the killed node's agents). {@code lostTurns}
 * counts turns answered before the move that the snapshot did not hold (0 when every turn-end write landed).
 */
record HandoffSummary(int moved, long items, long lostTurns, double readyMillisP50, double readyMillisMax,
    double restoreMicrosPerItem) {

  /** @param turnsBefore turns each agent had answered when its node died */
  static HandoffSummary collect(ActorSystem<?> driver, int agents, int turnsBefore) throws Exception {
    List<CompletableFuture<Handoff>> asks = new ArrayList<>();
    for (int a = 0; a < agents; a++) {
      asks.add(AgentSharding.agent(driver, ClusterTriage.agentId(a)).<Handoff>ask(ShardedAgent.GetHandoff::new,
          Duration.ofSeconds(30)).toCompletableFuture());
    }
    List<Handoff> moved = new ArrayList<>();
    for (CompletableFuture<Handoff> ask : asks) {
      Handoff handoff = ask.get(1, TimeUnit.MINUTES);
      if (handoff.turnsCompleted() > 0) {
        moved.add(handoff);
      }
    }
    long items = moved.stream().mapToLong(Handoff::items).sum();
    long lost = moved.stream().mapToLong(h -> Math.max(0, turnsBefore - h.turnsCompleted())).sum();
    double[] ready = moved.stream().mapToDouble(h -> h.readyNanos() / 1e6).toArray();
    double restoreMicros = moved.stream().mapToDouble(h -> h.restoreNanos() / 1e3).sum();
    return new HandoffSummary(moved.size(), items, lost, ready.length == 0 ? Double.NaN : NearestRank.of(ready, 0.5),
        ready.length == 0 ? Double.NaN : NearestRank.of(ready, 1.0), items == 0 ? Double.NaN : restoreMicros / items);
  }

  String describe() {
    return String.format(Locale.ROOT, "%d agents moved off the killed node with %d items; %d turns lost; ready on "
        + "their new node after %.0f ms at p50, %.0f ms at most (snapshot read and restore); the restore alone %.1f us "
        + "per item moved%n", moved, items, lostTurns, readyMillisP50, readyMillisMax, restoreMicrosPerItem);
  }
}
