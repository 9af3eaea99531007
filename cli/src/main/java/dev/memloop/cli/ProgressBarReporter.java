package dev.memloop.cli;

import dev.memloop.memory.distill.Distiller;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** A distillation's progress as a console progress bar on standard error. Not thread-safe beyond its use here. */
public final class ProgressBarReporter implements Distiller.Progress, AutoCloseable {

  private final String task;
  private ProgressBar bar;

  public ProgressBarReporter(String task) {
    this.task = task;
  }

  @Override
  public synchronized void update(int done, int total) {
    if (bar == null) {
      bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setUnit(" tokens", 1)
          .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err))
          .setUpdateIntervalMillis(250).build();
    }
    bar.stepTo(done);
  }

  @Override
  public synchronized void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
