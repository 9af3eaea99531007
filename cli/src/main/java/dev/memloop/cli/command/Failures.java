package dev.memloop.cli.command;

import dev.memloop.memory.MemoryUnavailableException;
import dev.memloop.runtime.AgentException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine;

/**
 * How the command line reports what went wrong, in one place: a usage error (a bad flag or value) as one line and a
 * hint to {@code --help}, exit 2; a bad value found while running (a config key, a file) the same; an expected
 * failure (a file that cannot be written, a refused connection) as one line, exit 1; anything else as one line
 * that says it is a bug. The stack trace only with {@code --verbose}.
 */
public final class Failures {

  /** The exit code of a usage error or bad input. */
  public static final int USAGE = 2;
  /** The exit code of a failure while running. */
  public static final int FAILED = 1;
  private static final String VERBOSE = "--verbose";

  private Failures() {}

  public static int usage(CommandLine.ParameterException e, String[] args) {
    CommandLine cli = e.getCommandLine();
    PrintWriter err = cli.getErr();
    String name = cli.getCommandSpec().qualifiedName();
    err.println(name + ": " + e.getMessage());
    CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
    err.println("Try '" + name + " --help' for usage.");
    if (Arrays.asList(args).contains(VERBOSE)) {
      e.printStackTrace(err);
    }
    err.flush();
    return USAGE;
  }

  public static int execution(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
    PrintWriter err = cli.getErr();
    String name = cli.getCommandSpec().qualifiedName();
    Throwable cause = unwrap(e);
    int code;
    ClassNotFoundException missingClass = find(cause, ClassNotFoundException.class);
    if (cause instanceof IllegalArgumentException) {
      err.println(name + ": " + cause.getMessage());
      err.println("Try '" + name + " --help' for usage.");
      code = USAGE;
    } else if (missingClass != null) { // a class named in a setting (a pekko dispatcher, a serializer): bad input
      err.println(name + ": a class named in the configuration is not on the class path: " + missingClass.getMessage());
      code = USAGE;
    } else if (cause instanceof IOException || cause instanceof UncheckedIOException
        || cause instanceof IllegalStateException || cause instanceof MemoryUnavailableException
        || cause instanceof AgentException) { // expected failures: a store away, a turn that failed
      err.println(name + ": " + describe(cause));
      code = FAILED;
    } else {
      err.println(name + ": unexpected " + describe(cause) + " (a bug: run again with --verbose and report the trace)");
      code = FAILED;
    }
    if (verbose(parsed)) {
      e.printStackTrace(err);
    }
    err.flush();
    return code;
  }

  /**
   * The exit code of a command whose results are written: {@code code}, or {@link #FAILED} with one line naming why
   * when the run did not answer every turn ({@code unanswered}, as {@code FleetResult.unanswered()} says it; null when
   * it did).
   */
  public static int afterRun(CommandLine.Model.CommandSpec spec, String unanswered, int code) {
    if (unanswered == null) {
      return code;
    }
    PrintWriter err = spec.commandLine().getErr();
    err.println(spec.qualifiedName() + ": " + unanswered);
    err.flush();
    return FAILED;
  }

  /** The first of {@code failure}'s causes (itself included) of {@code type}, or null. */
  private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }

  /** The cause a wrapper (an executor's, a future's) hides. */
  private static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while ((t instanceof ExecutionException || t instanceof CompletionException
        || t instanceof CommandLine.ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  private static String describe(Throwable cause) {
    String message = cause.getMessage();
    String type = cause.getClass().getSimpleName();
    if (cause instanceof UncheckedIOException && cause.getCause() != null) {
      return describe(cause.getCause()) + (message == null ? "" : " (" + message + ")");
    }
    return message == null || message.isBlank() ? type : type + ": " + message;
  }

  private static boolean verbose(CommandLine.ParseResult parsed) {
    for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption(VERBOSE)) {
        return true;
      }
    }
    return false;
  }
}
