package dev.memloop.bench.cli;

import java.util.function.Supplier;
import picocli.CommandLine;

/** Turns a configuration's own validation error into a command-line error that names the flag's value. */
final class Options {

  private Options() {}

  static <T> T valid(CommandLine.Model.CommandSpec spec, Supplier<T> config) {
    try {
      return config.get();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }
}
