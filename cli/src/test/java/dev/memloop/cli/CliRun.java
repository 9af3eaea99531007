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
public record CliRun(int exitCode, String out, String err) {

  public static CliRun of(String... args) {
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
  public static void assertRefused(String[] args, String message, Path results) throws IOException {
    CliRun run = of(append(args, results));
    assertThat(run.exitCode()).as(String.join(" ", args) + "\n" + run.err()).isEqualTo(2);
    assertThat(run.err()).contains(message);
    try (Stream<Path> written = Files.list(results)) {
      assertThat(written).as("nothing written for a refused command").isEmpty();
    }
  }

  /** {@code args} with {@code --out out} after them when the command writes a results directory. */
  public static String[] append(String[] args, Path out) {
    boolean writes = args.length >= 2 && args[0].equals("bench")
        || args.length >= 1 && java.util.Set.of("fleet", "calibrate", "lifecycle").contains(args[0]);
    if (!writes) {
      return args;
    }
    String[] withOut = new String[args.length + 2];
    System.arraycopy(args, 0, withOut, 0, args.length);
    withOut[args.length] = "--out";
    withOut[args.length + 1] = out.toString();
    return withOut;
  }
}
