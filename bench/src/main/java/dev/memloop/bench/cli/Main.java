package dev.memloop.bench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code memloop} command line. Every command and subcommand answers {@code --help}. */
@Command(name = "memloop", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "A runtime for language agents whose memory lives inside the reasoning loop.",
    subcommands = {ReproduceCommand.class, NodeCommand.class, ClusterDemoCommand.class, FleetCommand.class, BlackboardCommand.class, AgentLifecycleCommand.class, CalibrateCommand.class, BenchCommand.class, EmbedderCommand.class, JmhCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Runnable {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line, also used by tests. */
  public static CommandLine commandLine() {
    return new CommandLine(new Main()).setCaseInsensitiveEnumValuesAllowed(true);
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "choose a command (see memloop --help)");
  }
}
