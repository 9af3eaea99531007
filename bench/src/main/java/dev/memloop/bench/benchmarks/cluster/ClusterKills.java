package dev.memloop.bench.benchmarks.cluster;

import dev.memloop.agents.cluster.ClusterTriage;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.cluster.AgentSharding;
import dev.memloop.runtime.cluster.ClusterNodes;
import dev.memloop.runtime.cluster.ShardedAgent;
import dev.memloop.runtime.step.TurnResult;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.typed.Cluster;

/**
 * How {@link ClusterDemo} kills its node processes (always SIGKILL: no leave, nothing flushed) and waits for the
 * cluster to settle after: one node mid-turn, a second during the handoff, every node at once and all started again.
 */
final class ClusterKills {

  private ClusterKills() {}

  /**
   * Kills the last node once half of this turn's answers are in, the others still in flight; with {@code handoff},
   * the next-to-last one too, as soon as the first is removed and its agents are starting on their new nodes.
   */
  static void killMidTurn(ClusterDriver driver, NodeProcesses nodes, int nodeCount,
      List<CompletableFuture<TurnResult>> answers, boolean handoff, PrintWriter out) throws Exception {
    java.util.concurrent.CountDownLatch half = new java.util.concurrent.CountDownLatch(
        Math.max(1, answers.size() / 2));
    answers.forEach(answer -> answer.whenComplete((result, failure) -> half.countDown()));
    if (!half.await(5, TimeUnit.MINUTES)) {
      throw new IllegalStateException("half the turn's answers did not come within 5 minutes");
    }
    long inFlight = answers.stream().filter(a -> !a.isDone()).count();
    out.printf("killing node %s as a crash mid-turn (SIGKILL, %d turns still in flight: their turn ends being "
        + "written to a majority, their agents handed off as it dies)%n", victim(driver.system(), nodes), inFlight);
    out.flush();
    nodes.kill(nodeCount - 1);
    awaitUp(driver.system(), nodeCount);
    if (handoff) {
      long still = answers.stream().filter(a -> !a.isDone()).count();
      out.printf("node removed; killing node %s while its agents are handed off (SIGKILL, %d turns still in "
          + "flight)%n", member(driver.system(), nodes, nodeCount - 2), still);
      out.flush();
      nodes.kill(nodeCount - 2);
      awaitUp(driver.system(), nodeCount - 1);
    }
    out.println("node removed; the turns in flight on it are asked again and answered by its agents' new nodes");
  }

  /**
   * Kills every node at once (SIGKILL: nothing flushed, no leave), starts them all again on their ports and data
   * directories, and compares each agent's snapshot (item ids, completed turns) before and after: the line
   * {@code restored X of Y items; Z items lost}.
   */
  static String restartEverything(ClusterDriver driver, NodeProcesses nodes, int nodeCount, int agents,
      int turnsDone, PrintWriter out) throws Exception {
    Map<Integer, AgentSnapshot> before = snapshots(driver.system(), agents);
    out.printf("killing all %d nodes at once (SIGKILL), after turn %d%n", nodeCount, turnsDone - 1);
    out.flush();
    for (int n = 0; n < nodeCount; n++) {
      nodes.kill(n);
    }
    driver.stop(); // alone, it would be downed by the split brain resolver anyway
    for (int n = 0; n < nodeCount; n++) {
      nodes.restart(n);
    }
    driver.restart();
    awaitUp(driver.system(), nodeCount + 1);
    Map<Integer, AgentSnapshot> after = snapshots(driver.system(), agents);
    long items = 0;
    long restored = 0;
    int turnsKept = 0;
    for (int a = 0; a < agents; a++) {
      Set<String> was = ids(before.get(a));
      Set<String> now = ids(after.get(a));
      items += was.size();
      was.retainAll(now);
      restored += was.size();
      turnsKept += after.get(a).turnsCompleted() == turnsDone ? 1 : 0;
    }
    String line = String.format(Locale.ROOT, "restored %d of %d items; %d items lost; %d of %d agents back at "
        + "turn %d%s%n", restored, items, items - restored, turnsKept, agents, turnsDone, turnsKept == agents
        ? " (none runs a completed turn again)" : " (the others start over: their turns before the crash are gone)");
    HandoffSummary back = HandoffSummary.collect(driver.system(), agents, turnsDone);
    String restoredLine = String.format(Locale.ROOT, "%d agents restored from their nodes' disks with %d items, ready "
        + "after %.0f ms at p50, %.0f ms at most (majority read and restore); the restore alone %.1f us per item%n",
        back.moved(), back.items(), back.readyMillisP50(), back.readyMillisMax(), back.restoreMicrosPerItem());
    out.print("all nodes back: " + line + restoredLine);
    out.flush();
    return line + restoredLine;
  }

  static Map<Integer, AgentSnapshot> snapshots(ActorSystem<?> driver, int agents) throws Exception {
    Map<Integer, CompletableFuture<AgentSnapshot>> asked = new HashMap<>();
    for (int a = 0; a < agents; a++) {
      asked.put(a, AgentSharding.agent(driver, ClusterTriage.agentId(a)).<AgentSnapshot>ask(
          ShardedAgent.GetSnapshot::new, Duration.ofMinutes(2)).toCompletableFuture());
    }
    Map<Integer, AgentSnapshot> out = new HashMap<>();
    for (int a = 0; a < agents; a++) {
      out.put(a, asked.get(a).get(3, TimeUnit.MINUTES));
    }
    return out;
  }

  private static Set<String> ids(AgentSnapshot snapshot) {
    Set<String> ids = new HashSet<>();
    snapshot.items().forEach(item -> ids.add(item.id()));
    return ids;
  }

  static Address victim(ActorSystem<?> driver, NodeProcesses nodes) {
    return member(driver, nodes, nodes.ports().size() - 1);
  }

  private static Address member(ActorSystem<?> driver, NodeProcesses nodes, int index) {
    int port = nodes.ports().get(index);
    for (org.apache.pekko.cluster.Member m : Cluster.get(driver).state().getMembers()) {
      if (m.address().port().isDefined() && (int) m.address().port().get() == port) {
        return m.address();
      }
    }
    throw new IllegalStateException("no member on port " + port);
  }

  static void awaitUp(ActorSystem<?> driver, int members) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      if (ClusterNodes.upMembers(driver, "") == members && Cluster.get(driver).state().getUnreachable().isEmpty()) {
        return;
      }
      Thread.sleep(250); // polling cluster membership, not timing anything
    }
    throw new IllegalStateException("the cluster did not reach " + members + " members within 120 s");
  }
}
