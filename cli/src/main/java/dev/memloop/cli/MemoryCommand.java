package dev.memloop.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code memloop memory}: what is kept on disk under a data directory ({@code memloop mcp --data DIR}). */
@Command(name = "memory", mixinStandardHelpOptions = true,
    description = "Work on a data directory's journals (what memloop mcp --data DIR keeps), with no server running.",
    subcommands = {MemoryRepairCommand.class, MemoryAuditCommand.class, MemoryExportCommand.class,
        MemoryImportCommand.class, MemoryForgetCommand.class})
final class MemoryCommand implements Runnable {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "choose what to do: repair, audit, export, import "
        + "or forget");
  }
}
