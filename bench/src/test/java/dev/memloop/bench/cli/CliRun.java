package dev.memloop.bench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
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
}
