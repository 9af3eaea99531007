package dev.memloop.cli.command;

import picocli.CommandLine;

/**
 * Commands a module adds to the {@code memloop} command line. The command line finds every implementation on its
 * class path with {@link java.util.ServiceLoader} (a {@code META-INF/services/dev.memloop.cli.command.CommandContribution}
 * file naming the class, which needs a public no-argument constructor) before it parses anything, so a module that
 * depends on the command line can add to it without the command line depending on the module: memloop-bench adds
 * {@code reproduce}, {@code bench}, {@code soak}, {@code lifecycle}, {@code cluster-demo} and {@code jmh} this way.
 *
 * <p>A contributed command is built like the command line's own: a picocli {@code @Command} whose usage errors are
 * {@code CommandLine.ParameterException}s naming the flag and value (exit 2) and whose failures are exceptions
 * (exit 1, one line; {@link Failures} says how each is reported), with the shared options of this package
 * ({@link RunOutput}, {@link ModelSpend}) as mixins and its results written through {@link CommandRun}.
 */
public interface CommandContribution {

  /**
   * Adds this module's commands to {@code root}, the {@code memloop} command: a new top-level command with
   * {@code root.addSubcommand(...)}, a subcommand of an existing one under {@code root.getSubcommands().get(name)}.
   * Called once, before the command line's converters and error handlers are set, so that they reach these too.
   *
   * @throws IllegalStateException if a name it adds is taken (picocli's {@code DuplicateNameException} is one)
   */
  void contribute(CommandLine root);
}
