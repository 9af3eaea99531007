package dev.memloop.cli;

import dev.memloop.memory.timing.CollectionPauses;
import dev.memloop.memory.timing.Units;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The heap a command may use and the heap it used: counts whose estimate cannot fit are refused before anything
 * is built (a fleet of 2,000,000,000 agents once built workloads until 3.2 GB and hung), and a run reports its
 * peak.
 */
final class Heap {

  /** Of the heap the JVM may use, the share a command's own data may plan on; the rest is the JVM's and Pekko's. */
  static final double USABLE = 0.8;

  private Heap() {}

  /** What this JVM may use ({@code -Xmx}, or its default share of the machine's memory). */
  static long max() {
    return Runtime.getRuntime().maxMemory();
  }

  /**
   * Refuses {@code flag value} when {@code count} things of {@code bytesEach} do not fit, naming the estimate and
   * the limit and how to raise it.
   *
   * @param what the things counted, plural ("agents")
   */
  static void require(CommandSpec spec, String flag, long value, long count, long bytesEach, String what) {
    long needed = count > Long.MAX_VALUE / Math.max(1, bytesEach) ? Long.MAX_VALUE : count * bytesEach;
    requireTotal(spec, flag, value, needed, String.format(Locale.ROOT, "%,d %s", count, what),
        " (~" + Units.bytes(bytesEach) + " each)");
  }

  /**
   * Refuses {@code flag value} when {@code neededBytes} do not fit.
   *
   * @param what what needs them, plural ("1,000,000 idle and 100,000 active agents")
   */
  static void requireTotal(CommandSpec spec, String flag, long value, long neededBytes, String what) {
    requireTotal(spec, flag, value, neededBytes, what, "");
  }

  private static void requireTotal(CommandSpec spec, String flag, long value, long neededBytes, String what,
      String each) {
    long usable = (long) (max() * USABLE);
    if (neededBytes > usable) {
      throw new CommandLine.ParameterException(spec.commandLine(), String.format(Locale.ROOT,
          "%s %d: %s need about %s of heap%s, and this JVM may plan on %s of its %s; lower %s or give the JVM more "
              + "heap (MEMLOOP_JAVA_OPTS=-Xmx20g)", flag, value, what, Units.bytes(neededBytes), each,
          Units.bytes(usable), Units.bytes(max()), flag));
    }
  }

  /** Starts watching the live heap's peak (the largest heap in use after a collection). */
  static Peak watch() {
    CollectionPauses.jvm().resetLiveHeap();
    return new Peak();
  }

  /** The live heap's peak since {@link #watch}. */
  static final class Peak {

    /**
     * The largest heap in use after a collection since {@link #watch}: the live set's peak, garbage excluded
     * (and floating garbage of the old generation included); when no collection ran, the heap in use now, an
     * upper bound.
     */
    long bytes() {
      long live = CollectionPauses.jvm().liveHeapPeak();
      if (live > 0) {
        return live;
      }
      Runtime runtime = Runtime.getRuntime();
      return runtime.totalMemory() - runtime.freeMemory();
    }
  }
}
