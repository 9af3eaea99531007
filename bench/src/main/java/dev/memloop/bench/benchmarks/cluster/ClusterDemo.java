package dev.memloop.bench.benchmarks.cluster;

import dev.memloop.agents.cluster.ClusterTriage;
import dev.memloop.agents.triage.TriageScore;
import dev.memloop.agents.triage.TriageScorer;
import dev.memloop.bench.audit.WriteAudit;
import dev.memloop.cli.report.Directories;
import dev.memloop.runtime.AgentSnapshot;
import dev.memloop.runtime.cluster.AgentSharding;
import dev.memloop.runtime.cluster.ShardedAgent;
import dev.memloop.runtime.TurnAnswers;
import dev.memloop.runtime.step.Turn;
import dev.memloop.runtime.step.TurnResult;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * A fleet on a cluster of node processes: a driver node (role driver, hosting no agents) feeds every agent its
 * turns through sharding, kills one node process after a turn, and grades what the fleet did. Turns are answered
 * only after the agent's snapshot is replicated to a majority, so an agent on the killed node resumes on another
 * from its last turn end.
 */
public final class ClusterDemo {

  static final Duration TURN_TIMEOUT = Duration.ofSeconds(20);
  /**
   * Retries per turn: a turn without an answer within {@link #TURN_TIMEOUT} (a message lost while a dead node's shards
   * moved, or a turn stalled on an overloaded machine) or answered as aborted is sent again, the same turn; the agent
   * answers a retry of the turn it answered last from its record and resumes an aborted one at the failed step. Eight
   * retries give a turn three minutes.
   */
  static final int RETRIES = 8;
  /**
   * Turns in flight at once, over all agents: beyond it, turns wait in the driver, so that overload is absorbed by
   * a queue that runs no clock rather than by asks timing out while their turns wait on a busy node.
   */
  static final int IN_FLIGHT = 64;
  /** How long a busy process of {@code --hog} may run at most (it ends by itself then, whatever this JVM does). */
  static final Duration HOG_DEADLINE = Duration.ofMinutes(20);
  static final List<String> FAST_DOWNING = List.of("-Dpekko.cluster.split-brain-resolver.stable-after=5s");

  /** What survived. */
  public record Result(int nodes, int agents, int hogs, long turnsAnswered, long turnsRetried, long turnsAborted,
      double redundantMean, long guardCaught, HandoffSummary handoffs, WriteAudit.GroupAudit writes, String report) {

    Result withReport(String newReport) {
      return new Result(nodes, agents, hogs, turnsAnswered, turnsRetried, turnsAborted, redundantMean, guardCaught,
          handoffs, writes, newReport);
    }

    Result withWrites(WriteAudit.GroupAudit audit, String line) {
      return new Result(nodes, agents, hogs, turnsAnswered, turnsRetried, turnsAborted, redundantMean, guardCaught,
          handoffs, audit, report + line);
    }

    public boolean everyAgentFinished() {
      return turnsAborted == 0 && turnsAnswered == 4L * agents;
    }

    /** Whether every write of an answered turn was found again in its agent's memory at the end. */
    public boolean nothingLost() {
      return writes == null || (writes.lost() == 0 && writes.overwritten() == 0);
    }
  }

  /** What the demo kills at turn {@code killAfter}, always with SIGKILL (no leave, nothing flushed). */
  public enum Kill {
    /** The last node, after the turn. */
    AFTER_TURN,
    /**
     * The last node while the turn is in flight (half its answers in): its agents' turn ends are being written to a
     * majority and their handoffs begin as it dies.
     */
    MID_TURN,
    /**
     * As {@link #MID_TURN}, then the next-to-last node as soon as the first is removed, while the first one's agents
     * are being handed off (a majority must be left: four nodes or more).
     */
    DURING_HANDOFF,
    /** Every node after the turn, all started again on their ports and data directories (snapshots durable there). */
    RESTART_ALL;

    boolean midTurn() {
      return this == MID_TURN || this == DURING_HANDOFF;
    }
  }

  private ClusterDemo() {}

  /**
   * {@code hogs}, if this machine may run that many busy processes beside the nodes.
   *
   * @throws IllegalArgumentException naming the value when it is negative or beyond 4 per core
   */
  public static int checkHogs(int hogs) {
    return BusyProcesses.check(hogs);
  }

  public static Result run(int nodeCount, int agents, int killAfter, long seed, PrintWriter out) throws Exception {
    return run(nodeCount, agents, killAfter, Kill.AFTER_TURN, seed, 0, null, out);
  }

  /**
   * @param killAfter the turn at which {@code kill} happens; -1: no kill
   * @param hogs busy processes run beside the nodes for the whole run (at most {@value BusyProcesses#MAX_PER_CORE}
   *     per core), each ending by itself within {@link #HOG_DEADLINE} and killed when the run ends
   * @param logDir where the nodes' logs are kept (a run's results); null: temporary files, deleted after
   * @throws IllegalArgumentException naming {@code hogs} when there are too many
   */
  public static Result run(int nodeCount, int agents, int killAfter, Kill kill, long seed, int hogs, Path logDir,
      PrintWriter out) throws Exception {
    boolean restartAll = kill == Kill.RESTART_ALL;
    try (BusyProcesses busy = BusyProcesses.start(hogs, HOG_DEADLINE)) {
      if (hogs > 0) {
        out.printf("%d busy processes beside the nodes (pids %s), each spinning one thread until the run ends or %d "
            + "minutes pass%n", hogs, busy.pids(), HOG_DEADLINE.toMinutes());
        out.flush();
      }
      return run(nodeCount, agents, killAfter, kill, seed, logDir, out, restartAll, hogs);
    }
  }

  private static Result run(int nodeCount, int agents, int killAfter, Kill kill, long seed, Path logDir,
      PrintWriter out, boolean restartAll, int hogs) throws Exception {
    Path data = restartAll ? Files.createTempDirectory("memloop-cluster-demo-") : null;
    try (NodeProcesses nodes = new NodeProcesses(logDir)) {
      int seedPort = nodes.start(0, seed, FAST_DOWNING, nodeDir(data, 0));
      for (int n = 1; n < nodeCount; n++) {
        nodes.start(seedPort, seed, FAST_DOWNING, nodeDir(data, n));
      }
      ClusterDriver driver = new ClusterDriver(seedPort, seed);
      try {
        out.printf("starting %d node processes on 127.0.0.1 (ports %s)%s and a driver%n", nodeCount, nodes.ports(),
            restartAll ? ", agents' snapshots durable on each node's disk" : "");
        out.flush();
        ClusterKills.awaitUp(driver.system(), nodeCount + 1);
        out.println("cluster up: " + (nodeCount + 1) + " members");
        out.flush();
        return drive(driver, nodes, nodeCount, agents, killAfter, kill, seed, hogs, out);
      } finally {
        driver.stop();
      }
    } finally {
      if (data != null) {
        Directories.deleteTree(data);
      }
    }
  }

  private static Path nodeDir(Path data, int node) {
    return data == null ? null : data.resolve("node-" + node);
  }


  private static Result drive(ClusterDriver driver, NodeProcesses nodes, int nodeCount, int agents, int killAfter,
      Kill kill, long seed, int hogs, PrintWriter out) throws Exception {
    boolean restartAll = kill == Kill.RESTART_ALL;
    boolean midTurn = kill.midTurn();
    Map<Integer, List<TurnResult>> results = new HashMap<>();
    long aborted = 0;
    long retriedTurns = 0;
    String restart = null;
    for (int t = 0; t < 4; t++) {
      long turnStart = System.nanoTime();
      List<CompletableFuture<TurnResult>> answers = new ArrayList<>();
      for (int a = 0; a < agents; a++) {
        answers.add(new CompletableFuture<>());
      }
      for (int lane = 0; lane < Math.min(IN_FLIGHT, agents); lane++) {
        sendFrom(driver.system(), seed, t, lane, Math.min(IN_FLIGHT, agents), answers);
      }
      if (midTurn && t == killAfter) {
        ClusterKills.killMidTurn(driver, nodes, nodeCount, answers, kill == Kill.DURING_HANDOFF, out);
      }
      int lost = 0;
      String lastLoss = null;
      for (int a = 0; a < agents; a++) {
        try {
          TurnResult r = answers.get(a).get(5, TimeUnit.MINUTES);
          results.computeIfAbsent(a, k -> new ArrayList<>()).add(r);
          aborted += r.aborted() ? 1 : 0;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
          aborted++;
          lost++;
          lastLoss = ClusterTriage.agentId(a) + ": " + (e.getCause() == null ? e : e.getCause());
        }
      }
      int retried = retries.getAndSet(0);
      retriedTurns += retried;
      out.printf("turn %d: %d answers in %,d ms%s%s%n", t, agents - lost, (System.nanoTime() - turnStart) / 1_000_000,
          retried == 0 ? "" : " (" + retried + " sent again after " + TURN_TIMEOUT.toSeconds() + " s without an "
              + "answer or an aborted answer)", lost == 0 ? "" : ", " + lost + " lost (last: " + lastLoss + ")");
      if (t == killAfter && restartAll) {
        restart = ClusterKills.restartEverything(driver, nodes, nodeCount, agents, t + 1, out);
      } else if (t == killAfter && !midTurn) {
        out.printf("killing node %s as a crash: no leave%n", ClusterKills.victim(driver.system(), nodes));
        out.flush();
        nodes.kill(nodeCount - 1);
        ClusterKills.awaitUp(driver.system(), nodeCount); // downed by the split brain resolver, its shards reallocated
        out.println("node removed; its agents restart elsewhere from their last turn end");
      }
      out.flush();
    }
    // killed mid-turn, an agent of the dead node is sure to have finished only the turns before that one
    HandoffSummary handoffs = restartAll ? null : HandoffSummary.collect(driver.system(), agents,
        midTurn ? killAfter : killAfter + 1);
    Result graded = grade(nodeCount, agents, hogs, results, aborted, retriedTurns, seed, handoffs);
    graded = restart == null ? graded : graded.withReport(graded.report() + restart);
    return audited(graded, driver, agents, results);
  }





  /**
   * Every write of every answered turn found again in its agent's memory at the end: a sharded agent answers a turn
   * only once its snapshot reached a majority, so an answered turn's writes survive any single node's death.
   */
  private static Result audited(Result graded, ClusterDriver driver, int agents, Map<Integer, List<TurnResult>> results)
      throws Exception {
    Map<Integer, AgentSnapshot> last = ClusterKills.snapshots(driver.system(), agents);
    WriteAudit.GroupAudit audit = null;
    for (int a = 0; a < agents; a++) {
      WriteAudit.GroupAudit one = WriteAudit.ofSnapshot("sharded", ClusterTriage.agentId(a),
          results.getOrDefault(a, List.of()), last.get(a).items(), false, false);
      audit = audit == null ? one : audit.plus(one);
    }
    String line = String.format(Locale.ROOT, "writes of answered turns: %d acknowledged, %d found again in the "
        + "agents' memories, %d lost%s%n", audit.acknowledged(), audit.found(), audit.lost() + audit.overwritten(),
        audit.firstLost().isEmpty() ? "" : " (first: " + String.join("; ", audit.firstLost()) + ")");
    return graded.withWrites(audit, line);
  }

  private static final java.util.concurrent.atomic.AtomicInteger retries = new java.util.concurrent.atomic.AtomicInteger();

  /**
   * Sends turn {@code t} of agents {@code a}, {@code a + step}, ... one after another: one lane of the
   * {@link #IN_FLIGHT} turns in flight. Each agent's answer (or last failure) completes its future.
   */
  private static void sendFrom(ActorSystem<?> driver, long seed, int t, int a, int step,
      List<CompletableFuture<TurnResult>> answers) {
    if (a >= answers.size()) {
      return;
    }
    Turn turn = ClusterTriage.turns(seed, a).get(t);
    TurnAnswers.retried(() -> AgentSharding.agent(driver, ClusterTriage.agentId(a)).<TurnResult>ask(
        replyTo -> new ShardedAgent.RunTurn(turn, replyTo), TURN_TIMEOUT), RETRIES, retries::incrementAndGet)
        .whenComplete((result, failure) -> {
          if (failure == null) {
            answers.get(a).complete(result);
          } else {
            answers.get(a).completeExceptionally(failure);
          }
          sendFrom(driver, seed, t, a + step, step, answers);
        });
  }

  private static Result grade(int nodeCount, int agents, int hogs, Map<Integer, List<TurnResult>> results,
      long aborted, long retried, long seed, HandoffSummary handoffs) {
    List<TriageScore> scores = new ArrayList<>();
    long answered = 0;
    for (Map.Entry<Integer, List<TurnResult>> e : results.entrySet()) {
      answered += e.getValue().size();
      scores.add(TriageScorer.score(ClusterTriage.workload(seed, e.getKey()), seed + e.getKey(), e.getValue()));
    }
    double redundant = scores.stream().mapToInt(TriageScore::redundant).average().orElse(Double.NaN);
    long caught = scores.stream().mapToLong(TriageScore::guardCaught).sum();
    long unaffordable = scores.stream().mapToLong(TriageScore::unaffordable).sum();
    long missed = scores.stream().mapToLong(TriageScore::guardMissed).sum();
    String report = String.format(Locale.ROOT, "%d nodes, %d agents%s: %d of %d turns answered, %d sent again, %d "
        + "aborted or lost; redundant investigations per agent %.2f (of 12); "
        + "guard caught %d duplicates and missed %d it looked up; %d lookups unaffordable within the budget (CPU "
        + "contention of %d JVMs on this machine charged to it)%n", nodeCount, agents,
        hogs == 0 ? "" : ", " + hogs + " busy processes beside them", answered, 4L * agents, retried, aborted,
        redundant, caught, missed, unaffordable, nodeCount + 1 + hogs) + (handoffs == null ? "" : handoffs.describe());
    return new Result(nodeCount, agents, hogs, answered, retried, aborted, redundant, caught, handoffs, null, report);
  }


}
