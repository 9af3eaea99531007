package dev.memloop.bench.cli;

import dev.memloop.bench.experiments.Experiment;
import dev.memloop.bench.experiments.Experiments;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code memloop reproduce ID}: one experiment of the registry as a subcommand of {@code reproduce}, with its title
 * as its help and {@code reproduce}'s options (inherited, so that {@code reproduce fig7 --quick} and
 * {@code reproduce --quick fig7} are the same run). Several given together ({@code reproduce fig7 table1})
 * run once, in one run directory, in the paper's order.
 */
// @Command, @ParentCommand and a constructor without arguments although addAll builds the spec by hand: picocli
// makes a subcommand named twice (reproduce fig5 fig5) anew from its class, and without them it threw
// InitializationException ("not a command", then "no constructor") instead of reproduce's named refusal
@CommandLine.Command
final class ExperimentCommand implements Callable<Integer> {

  @CommandLine.ParentCommand
  private ReproduceCommand reproduce;

  ExperimentCommand() {}

  private ExperimentCommand(ReproduceCommand reproduce) {
    this.reproduce = reproduce;
  }

  /** Adds one subcommand per experiment of {@link Experiments#all()} to {@code reproduce}. */
  static void addAll(CommandLine reproduce) {
    CommandSpec parent = reproduce.getCommandSpec();
    // reproduce's options, inherited by every experiment: the value lands in reproduce's field wherever it is
    // given (picocli applies an inherited option's default once; a copied option's default would overwrite it)
    for (OptionSpec option : new ArrayList<>(parent.options())) {
      if (!option.usageHelp() && !option.versionHelp() && option.scopeType() != CommandLine.ScopeType.INHERIT) {
        parent.remove(option);
        parent.addOption(OptionSpec.builder(option).scopeType(CommandLine.ScopeType.INHERIT).build());
      }
    }
    for (Experiment e : Experiments.all()) {
      CommandSpec sub = CommandSpec.wrapWithoutInspection(new ExperimentCommand((ReproduceCommand) parent.userObject()))
          .name(e.id()).mixinStandardHelpOptions(true);
      sub.usageMessage().description(e.title(), "Runs as memloop reproduce " + e.id() + " [OPTIONS], with the options "
          + "of memloop reproduce; several experiments may be named together.");
      reproduce.addSubcommand(e.id(), new CommandLine(sub));
    }
  }

  @Override
  public Integer call() throws Exception {
    CommandLine.ParseResult parsed = reproduce.spec().commandLine().getParseResult();
    List<String> named = new ArrayList<>();
    for (CommandLine.ParseResult sub : parsed.subcommands()) {
      named.add(sub.commandSpec().name());
    }
    return reproduce.runOnce(named); // the first of several named runs them all; the others return its code
  }
}
