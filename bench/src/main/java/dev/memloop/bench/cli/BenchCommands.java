package dev.memloop.bench.cli;

import dev.memloop.cli.command.CommandContribution;
import picocli.CommandLine;

/**
 * What memloop-bench adds to the {@code memloop} command line (a service, see {@link CommandContribution}): the
 * paper's reproduction ({@code reproduce} and one subcommand per experiment), the side-by-side benchmarks
 * ({@code bench ...}), the soaks, the lifecycle measurements, the cluster demo, the JMH launcher, and the board's
 * ladder and stress runs under {@code blackboard}. Without memloop-bench on the class path the command line has none
 * of these, and nothing else changes.
 */
public final class BenchCommands implements CommandContribution {

  @Override
  public void contribute(CommandLine root) {
    CommandLine reproduce = new CommandLine(new ReproduceCommand());
    ExperimentCommand.addAll(reproduce);
    root.addSubcommand(reproduce);
    root.addSubcommand(new BenchCommand());
    root.addSubcommand(new SoakCommand());
    root.addSubcommand(new LifecycleCommand());
    root.addSubcommand(new ClusterDemoCommand());
    root.addSubcommand(new JmhCommand());
    CommandLine blackboard = root.getSubcommands().get("blackboard");
    if (blackboard == null) {
      throw new IllegalStateException("memloop-bench adds ladder and stress under a blackboard command, and the "
          + "command line has none");
    }
    blackboard.addSubcommand(new BlackboardLadderCommand()).addSubcommand(new BlackboardStressCommand());
  }
}
