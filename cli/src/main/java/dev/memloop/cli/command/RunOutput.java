package dev.memloop.cli.command;

import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The options every measuring command shares: where results go, whether stdout carries JSON, progress. */
public final class RunOutput {

  @Option(names = "--json", description = "Print the results as JSON on standard output (progress goes to standard error).")
  private boolean json;

  @Option(names = "--out", description = "Results root (default: results/ in the memloop directory).")
  private Path out;

  @CommandLine.Mixin
  private ProgressOption progress;

  /** {@code json} as given. */
  public boolean json() {
    return json;
  }

  /** {@code out} as given. */
  public Path out() {
    return out;
  }

  /** {@code progress} as given. */
  public ProgressOption progress() {
    return progress;
  }
}
