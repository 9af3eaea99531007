package dev.memloop.bench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code memloop lifecycle agents|memories}: how fast memloop's things are born, used once and gone, in two modes:
 * agents (actor and memory: spawn, one turn, stop; and the idle footprint) and memories (working memories alone,
 * against other stores).
 */
@Command(name = "lifecycle", mixinStandardHelpOptions = true,
    description = "Lifecycles per second, side by side: agents (spawn, a turn, stop, against bare Pekko; heap per "
        + "idle agent) or memories (allocate, fill, recall, close, against other stores).",
    subcommands = {LifecycleAgentsCommand.class, LifecycleMemoriesCommand.class})
final class LifecycleCommand implements Runnable {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "choose a mode: agents (spawn, a turn and stop; the "
        + "idle footprint) or memories (working memories alone)");
  }
}
