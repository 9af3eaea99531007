package dev.memloop.cli;

import java.util.function.Supplier;
import picocli.CommandLine;

/** Turns a configuration's own validation error into a command-line error that names the flag's value. */
final class Options {

  private Options() {}

  /** Refuses the command line with {@code message} (which names the value) unless {@code ok}. */
  static void require(CommandLine.Model.CommandSpec spec, boolean ok, String message) {
    if (!ok) {
      throw new CommandLine.ParameterException(spec.commandLine(), message);
    }
  }

  static <T> T valid(CommandLine.Model.CommandSpec spec, Supplier<T> config) {
    try {
      return config.get();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }
}
