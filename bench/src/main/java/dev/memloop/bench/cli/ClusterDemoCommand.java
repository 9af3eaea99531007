package dev.memloop.bench.cli;

import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.bench.benchmarks.cluster.ClusterDemo;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop cluster-demo}: a fleet on a cluster of node processes on loopback, one node killed mid-run. */
@Command(name = "cluster-demo", mixinStandardHelpOptions = true,
    description = {"Starts --nodes node processes on 127.0.0.1 (memloop node --role agents) and a driver, runs a "
        + "fleet of triage agents (per-step guard, simulated model) for four turns, kills the last node process "
        + "after --kill-after-turn, and prints what survived: turns answered, agents that moved and their memories, "
        + "fleet-wide redundant investigations. With --restart-all, every node is killed and started again, and what "
        + "their disks kept is counted."})
final class ClusterDemoCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--nodes", defaultValue = "3", description = "Node processes (default: ${DEFAULT-VALUE}).")
  private int nodes;

  @Option(names = "--agents", defaultValue = "30", description = "Agents (default: ${DEFAULT-VALUE}).")
  private int agents;

  @Option(names = "--kill-after-turn", defaultValue = "1", description = "Kill the last node after this turn "
      + "(default: ${DEFAULT-VALUE}; -1: kill none).")
  private int killAfter;

  @Option(names = "--restart-all", description = "Kill every node with SIGKILL after --kill-after-turn instead of "
      + "the last one, start them all again on their ports and data directories (the agents' snapshots kept on each "
      + "node's disk), run the remaining turns, and print restored X of Y items; Z items lost.")
  private boolean restartAll;

  @Option(names = "--kill-mid-turn", description = "Kill the last node while turn --kill-after-turn is in flight "
      + "(once half its answers are in) instead of after it: its agents' turn ends are being written to a majority "
      + "and their handoffs begin as it dies. The run ends by finding every write of every answered turn again.")
  private boolean midTurn;

  @Option(names = "--kill-during-handoff", description = "As --kill-mid-turn, then kill the next-to-last node as "
      + "soon as the first is removed, while its agents are being handed off to the others (needs --nodes 4 or "
      + "more: a majority must be left).")
  private boolean duringHandoff;

  @Option(names = "--hog", defaultValue = "0", description = "Busy processes to run beside the nodes for the whole "
      + "run, each spinning one thread (at most 4 per core; each ends by itself within 20 minutes and is killed when "
      + "the run ends): the run then reports turns answered, sent again and lost on an overloaded machine "
      + "(default: ${DEFAULT-VALUE}).")
  private int hogs;

  @Option(names = "--seed", defaultValue = "42", description = "First workload seed (default: ${DEFAULT-VALUE}).")
  private long seed;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    Options.require(spec, nodes >= 2 && nodes <= 9, "nodes must be in [2, 9]: " + nodes);
    Options.require(spec, agents >= 1 && agents <= 10_000, "agents must be in [1, 10000]: " + agents);
    Options.require(spec, killAfter >= -1 && killAfter <= 2, "kill-after-turn must be in [-1, 2]: " + killAfter);
    Options.require(spec, !restartAll || killAfter >= 0, "--restart-all needs a turn to restart after: "
        + "--kill-after-turn must be in [0, 2], not " + killAfter);
    Options.require(spec, !midTurn || (killAfter >= 0 && !restartAll), "--kill-mid-turn needs a turn to kill in "
        + "(--kill-after-turn in [0, 2]) and kills one node (not with --restart-all)");
    Options.require(spec, !duringHandoff || (killAfter >= 0 && !restartAll && nodes >= 4), "--kill-during-handoff "
        + "kills two nodes in turn --kill-after-turn (in [0, 2]): it needs --nodes 4 or more and not --restart-all");
    Options.valid(spec, () -> ClusterDemo.checkHogs(hogs));
    Options.valid(spec, () -> dev.memloop.agents.triage.TriageWorkloads.checkNotHeldOut(seed));
    java.util.Map<String, Object> parameters = new java.util.LinkedHashMap<>();
    parameters.put("nodes", nodes);
    parameters.put("agents", agents);
    parameters.put("kill_after_turn", killAfter);
    parameters.put("restart_all", restartAll);
    parameters.put("kill_mid_turn", midTurn);
    parameters.put("kill_during_handoff", duringHandoff);
    parameters.put("hog", hogs);
    parameters.put("seed", seed);
    CommandRun run = CommandRun.start(spec, output, "cluster-demo", "memloop cluster-demo", parameters);
    // the nodes' logs are part of the run's results, not left in the temporary directory
    ClusterDemo.Kill kill = restartAll ? ClusterDemo.Kill.RESTART_ALL : duringHandoff
        ? ClusterDemo.Kill.DURING_HANDOFF : midTurn ? ClusterDemo.Kill.MID_TURN : ClusterDemo.Kill.AFTER_TURN;
    ClusterDemo.Result result = ClusterDemo.run(nodes, agents, killAfter, kill, seed, hogs,
        run.directory().resolve("nodes"), run.console());
    run.console().print(result.report());
    run.finish("cluster-demo.json", java.util.Map.of("result", result), "```\n" + result.report() + "```\n");
    return result.everyAgentFinished() && result.nothingLost() ? 0 : 1;
  }
}
