package dev.memloop.cli.command;

import java.io.Console;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code --no-progress}, shared by every long command: progress bars are drawn only on a terminal (never into a
 * file or a pipe, where their frames are noise), stage lines are printed otherwise, and {@code --no-progress} turns
 * both off.
 */
public final class ProgressOption {

  @Option(names = "--no-progress", description = "No progress bars and no stage lines (bars are drawn only on a "
      + "terminal; elsewhere stages print as lines).")
  private boolean off;

  /** Whether to draw progress bars: asked for, and the JVM is attached to a terminal. */
  public boolean bars() {
    return !off && onTerminal();
  }

  /** Whether to print stage lines (when bars are not drawn, or beside them). */
  public boolean lines() {
    return !off;
  }

  /** Prints one stage line unless {@code --no-progress}. */
  public void line(PrintWriter console, String format, Object... args) {
    if (!off) {
      console.printf(Locale.ROOT, format + "%n", args);
      console.flush();
    }
  }

  /**
   * Whether the JVM runs on a terminal. Java offers no test of standard error alone; a console means standard
   * input and output are a terminal (JDK 22 and later answer through {@code Console.isTerminal()}, called
   * reflectively so that 17 compiles it), and {@code TERM=dumb} says bars would not render.
   */
  public static boolean onTerminal() {
    Console console = System.console();
    if (console == null || "dumb".equals(System.getenv("TERM"))) {
      return false;
    }
    try {
      Method isTerminal = Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (NoSuchMethodException e) {
      return true; // before JDK 22 System.console() is null unless on a terminal
    } catch (ReflectiveOperationException e) {
      return false;
    }
  }

  /** {@code off} as given. */
  public boolean off() {
    return off;
  }
}
