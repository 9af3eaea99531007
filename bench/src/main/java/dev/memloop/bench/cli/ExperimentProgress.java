package dev.memloop.bench.cli;

import java.io.PrintWriter;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * One experiment's progress: a bar on standard error that steps with each stage the experiment reports (its
 * length is not known ahead), or, when bars are off, the stages as lines on the console (unless --no-progress).
 */
final class ExperimentProgress implements AutoCloseable {

  private final ProgressBar bar;
  private final PrintWriter console;
  private final boolean lines;

  ExperimentProgress(String experiment, boolean bars, boolean lines, PrintWriter console) {
    this.console = console;
    this.lines = lines;
    this.bar = bars ? new ProgressBarBuilder().setTaskName(experiment).setInitialMax(-1)
        .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err))
        .setUpdateIntervalMillis(250).build() : null;
  }

  void stage(String line) {
    if (bar != null) {
      bar.step();
      bar.setExtraMessage(line);
    } else if (lines) {
      console.println("  " + line);
      console.flush();
    }
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
