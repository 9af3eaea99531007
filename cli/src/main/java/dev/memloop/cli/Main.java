package dev.memloop.cli;

import dev.memloop.cli.command.Failures;
import dev.memloop.cli.command.CommandContribution;
import java.util.ServiceLoader;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code memloop} command line. Every command and subcommand answers {@code --help}; a usage error is one line
 * naming the flag and the value plus a hint to {@code --help} (exit 2), a failure one line (exit 1), and the stack
 * trace only with {@code --verbose}. {@code memloop generate-completion} writes a bash/zsh completion script.
 */
@Command(name = "memloop", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "A runtime for language agents whose memory lives inside the reasoning loop.",
    subcommands = {NodeCommand.class, FleetCommand.class, BlackboardCommand.class, McpCommand.class,
        MemoryCommand.class, CalibrateCommand.class, EmbedderCommand.class})
public final class Main implements Runnable {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @CommandLine.Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
      description = "Print the stack trace of a failure, not only its one line.")
  private boolean verbose;

  public static void main(String[] args) {
    // read by logback.xml when it loads (at the first logger, after this): a library's logged exception shows its
    // first line unless --verbose asks for the whole trace
    System.setProperty(TRACE_PROPERTY, java.util.Arrays.asList(args).contains("--verbose") ? "full" : "short");
    CommandLine cli = commandLine();
    String jvmProblem = jvmProblem();
    if (jvmProblem != null) { // before any command: it would fail at its first vector, deep inside, with a trace
      cli.getErr().println("memloop: " + jvmProblem);
      cli.getErr().flush();
      System.exit(2);
    }
    int code = cli.execute(args);
    // picocli's writers do not flush on their own, and System.exit does not flush them: a command that printed a
    // table and returned lost it (embedder info)
    cli.getOut().flush();
    cli.getErr().flush();
    System.exit(code);
  }

  /**
   * The depth of a logged exception's trace in logback.xml: {@code short} (one line) or {@code full}. Outside the
   * {@code memloop.} namespace: every system property under it is read as a config key, and an unknown key refused.
   */
  static final String TRACE_PROPERTY = "memloop-cli.log.trace";

  /**
   * What is wrong with the JVM's own options, in one line, or null: a {@code -Dmemloop.vector.impl} that names no
   * kernels (given in MEMLOOP_JAVA_OPTS) fails the kernels' class initialization, which every command meets.
   */
  static String jvmProblem() {
    try {
      dev.memloop.memory.VectorKernels.name();
      return null;
    } catch (ExceptionInInitializerError e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      return cause.getMessage() + " (in MEMLOOP_JAVA_OPTS?)";
    }
  }

  /**
   * The configured command line, also used by tests: the product's commands, then those every
   * {@link CommandContribution} on the class path adds (memloop-bench's), then {@code help} and
   * {@code generate-completion}; converters and error handlers are set last, so that they reach every command.
   */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new Main());
    for (CommandContribution contribution : ServiceLoader.load(CommandContribution.class)) {
      contribution.contribute(cli);
    }
    cli.addSubcommand(new CommandLine.HelpCommand()).addSubcommand(new AutoComplete.GenerateCompletion());
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.registerConverter(Double.class, new FiniteDoubles()).registerConverter(double.class, new FiniteDoubles());
    cli.setParameterExceptionHandler(Failures::usage);
    cli.setExecutionExceptionHandler(Failures::execution);
    cli.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false);
    // an experiment's name is also a subcommand of reproduce (--only fig5), and picocli would take it for one. Set
    // after the contributions: picocli applies it to the subcommands that exist when it is called.
    cli.setAllowSubcommandsAsOptionParameters(true);
    return cli;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "choose a command (see memloop --help)");
  }
}
