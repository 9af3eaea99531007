package dev.memloop.cli.command;

import java.util.function.Supplier;
import picocli.CommandLine;

/** Turns a configuration's own validation error into a command-line error that names the flag's value. */
public final class Options {

  private Options() {}

  /** Refuses the command line with {@code message} (which names the value) unless {@code ok}. */
  public static void require(CommandLine.Model.CommandSpec spec, boolean ok, String message) {
    if (!ok) {
      throw new CommandLine.ParameterException(spec.commandLine(), message);
    }
  }

  public static <T> T valid(CommandLine.Model.CommandSpec spec, Supplier<T> config) {
    try {
      return config.get();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }
}
