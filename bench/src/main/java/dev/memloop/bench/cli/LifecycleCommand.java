package dev.memloop.bench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code memloop lifecycle agents|memories|idle}: how memloop's things are born, used and kept, in three modes:
 * agents (actor and memory: spawn, one turn, stop; and the idle footprint), memories (working memories alone,
 * against other stores) and idle (agents that hold what they learned, passivated and brought back).
 */
@Command(name = "lifecycle", mixinStandardHelpOptions = true,
    description = "Lifecycles per second, side by side: agents (spawn, a turn, stop, against bare Pekko; heap per "
        + "idle agent), memories (allocate, fill, recall, close, against other stores) or idle (agents holding "
        + "items, passivated: heap per agent, restore time).",
    subcommands = {LifecycleAgentsCommand.class, LifecycleMemoriesCommand.class, LifecycleIdleCommand.class})
final class LifecycleCommand implements Runnable {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "choose a mode: agents (spawn, a turn and stop; the "
        + "idle footprint), memories (working memories alone) or idle (agents holding items, passivated)");
  }
}
