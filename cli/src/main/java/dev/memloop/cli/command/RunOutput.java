package dev.memloop.cli;

import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The options every measuring command shares: where results go, whether stdout carries JSON, progress. */
final class RunOutput {

  @Option(names = "--json", description = "Print the results as JSON on standard output (progress goes to standard error).")
  boolean json;

  @Option(names = "--out", description = "Results root (default: results/ in the memloop directory).")
  Path out;

  @CommandLine.Mixin
  ProgressOption progress;
}
