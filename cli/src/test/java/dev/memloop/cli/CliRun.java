package dev.memloop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import picocli.CommandLine;

/** One run of the command line in-process, with its exit code, standard output and error text. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    CommandLine cli = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    PrintWriter outWriter = new PrintWriter(out);
    PrintWriter errWriter = new PrintWriter(err);
    cli.setOut(outWriter);
    cli.setErr(errWriter);
    int code = cli.execute(args);
    outWriter.flush();
    errWriter.flush();
    return new CliRun(code, out.toString(), err.toString());
  }

  /** Runs a command that must be refused: exit code 2, {@code message} in the error, nothing under {@code results}. */
  static void assertRefused(String[] args, String message, Path results) throws IOException {
    CliRun run = of(CommandLineTest.append(args, results));
    assertThat(run.exitCode()).as(String.join(" ", args) + "\n" + run.err()).isEqualTo(2);
    assertThat(run.err()).contains(message);
    try (Stream<Path> written = Files.list(results)) {
      assertThat(written).as("nothing written for a refused command").isEmpty();
    }
  }
}
