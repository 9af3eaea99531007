package dev.memloop.cli.command;

import dev.memloop.cli.report.RunDirectory;
import dev.memloop.cli.report.RunInfo;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * One run of a measuring command ({@code memloop bench <name>}, {@code memloop fleet}, ...) from start to
 * finish: its results directory and {@code run.json}, the console (stderr when {@code --json} keeps stdout for
 * the records), and the closing report. Every such command writes the same files in the same order through it.
 */
public final class CommandRun {

  private final CommandSpec spec;
  private final boolean json;
  private final String command;
  private final PrintWriter console;
  private final RunDirectory directory;
  private final RunInfo info;

  private CommandRun(CommandSpec spec, boolean json, String command, RunDirectory directory, RunInfo info) {
    this.spec = spec;
    this.json = json;
    this.command = command;
    this.console = json ? spec.commandLine().getErr() : spec.commandLine().getOut();
    this.directory = directory;
    this.info = info;
  }

  /** Creates {@code <out>/bench-<name>-<timestamp>/run.json} for {@code memloop bench <name>}. */
  public static CommandRun start(CommandSpec spec, RunOutput output, String name, Map<String, Object> parameters) {
    return start(spec, output, "bench-" + name, "memloop bench " + name, parameters);
  }

  /** Creates {@code <out>/<runName>-<timestamp>/run.json} and prints the headline. */
  public static CommandRun start(CommandSpec spec, RunOutput output, String runName, String command,
      Map<String, Object> parameters) {
    if (output.out() != null && output.out().toString().isBlank()) { // Path.of("") is the working directory, silently
      throw new CommandLine.ParameterException(spec.commandLine(), "--out must name a directory: '" + output.out() + "'");
    }
    Path root = output.out() == null ? RunDirectory.defaultRoot() : output.out();
    RunDirectory directory;
    try {
      directory = RunDirectory.create(root, runName);
    } catch (UncheckedIOException e) { // checked before any work: a bad --out is bad input, not a failure
      throw new CommandLine.ParameterException(spec.commandLine(), "--out " + root + ": cannot create a results "
          + "directory there (" + e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage() + ")", e);
    }
    RunInfo info = RunInfo.capture(directory.runId(), command, parameters);
    directory.writeJson("run.json", info);
    CommandRun run = new CommandRun(spec, output.json(), command, directory, info);
    run.console.println(command + ": " + info.headline());
    return run;
  }

  /** The run's header line (code, JVM, machine, date) for a page. */
  public String header() {
    return info.header();
  }

  public PrintWriter console() {
    return console;
  }

  /** Writes another records file beside the main one. */
  public void write(String file, Object records) {
    directory.writeJson(file, records);
  }

  /** Writes a text file (a page, say) beside the records. */
  public void writeText(String file, String text) {
    directory.writeText(file, text);
  }

  /** Where a file of this run (a chart, say) goes. */
  public Path file(String name) {
    return directory.path().resolve(name);
  }

  /**
   * Writes the records and {@code report.md} (the headline, then {@code reportBody}), prints where they went,
   * prints the records on stdout under {@code --json}, and returns the exit code.
   */
  /** The run's results directory. */
  public Path directory() {
    return directory.path();
  }

  public int finish(String recordsFile, Object records, String reportBody) throws Exception {
    directory.writeJson(recordsFile, records);
    directory.writeText("report.md", "# " + command + "\n\n" + info.headline() + "\n\n" + reportBody);
    directory.markComplete(); // last: a directory without it is a run that did not finish
    console.println("results: " + directory.path().toAbsolutePath());
    if (json) {
      spec.commandLine().getOut().println(RunDirectory.JSON.writeValueAsString(records));
    }
    console.flush();
    spec.commandLine().getOut().flush();
    return 0;
  }
}
