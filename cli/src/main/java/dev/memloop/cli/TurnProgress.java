package dev.memloop.cli;

import dev.memloop.runtime.fleet.FleetListener;
import dev.memloop.runtime.step.TurnResult;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** A fleet's answered turns as a progress bar on standard error (or nothing, when disabled). */
final class TurnProgress implements FleetListener, AutoCloseable {

  private final ProgressBar bar;

  TurnProgress(long turns, boolean enabled) {
    bar = enabled ? new ProgressBarBuilder().setTaskName("fleet").setInitialMax(turns).setUnit(" turns", 1)
        .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err))
        .setUpdateIntervalMillis(250).build() : null;
  }

  @Override
  public void onTurn(TurnResult result) {
    if (bar != null) {
      bar.step();
    }
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
