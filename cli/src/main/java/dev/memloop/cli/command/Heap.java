package dev.memloop.cli.command;

import dev.memloop.memory.timing.CollectionPauses;
import dev.memloop.memory.timing.Units;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The heap a command may use and the heap it used: counts whose estimate cannot fit are refused before anything
 * is built (a fleet of 2,000,000,000 agents once built workloads until 3.2 GB and hung), and a run reports its
 * peak.
 */
public final class Heap {

  /** Of the heap the JVM may use, the share a command's own data may plan on; the rest is the JVM's and Pekko's. */
  public static final double USABLE = 0.8;

  private Heap() {}

  /** How this JVM lays objects out, which sets what a reference and an object header cost. */
  public enum Layout {
    /** 4-byte references (G1, Parallel, Serial below 32 GiB of heap). */
    COMPRESSED_POINTERS,
    /** 8-byte references and 8-byte headers ({@code -XX:+UseCompactObjectHeaders}, JDK 25+). */
    COMPACT_HEADERS,
    /** 8-byte references and 12- to 16-byte headers (ZGC without compact headers). */
    WIDE;

    /** This JVM's. */
    public static Layout current() {
      if (flag("UseCompressedOops")) {
        return COMPRESSED_POINTERS;
      }
      return flag("UseCompactObjectHeaders") ? COMPACT_HEADERS : WIDE;
    }

    private static boolean flag(String name) {
      try {
        return Boolean.parseBoolean(java.lang.management.ManagementFactory.getPlatformMXBean(
            com.sun.management.HotSpotDiagnosticMXBean.class).getVMOption(name).getValue());
      } catch (IllegalArgumentException | UnsupportedOperationException unknown) {
        return false; // a JVM without the flag (compact headers before JDK 24) or without HotSpot's bean
      }
    }
  }

  /** What this JVM may use ({@code -Xmx}, or its default share of the machine's memory). */
  public static long max() {
    return Runtime.getRuntime().maxMemory();
  }

  /**
   * Refuses {@code flag value} when {@code count} things of {@code bytesEach} do not fit, naming the estimate and
   * the limit and how to raise it.
   *
   * @param what the things counted, plural ("agents")
   */
  public static void require(CommandSpec spec, String flag, long value, long count, long bytesEach, String what) {
    long needed = count > Long.MAX_VALUE / Math.max(1, bytesEach) ? Long.MAX_VALUE : count * bytesEach;
    requireTotal(spec, flag, value, needed, String.format(Locale.ROOT, "%,d %s", count, what),
        " (~" + Units.bytes(bytesEach) + " each)");
  }

  /**
   * Refuses {@code flag value} when {@code neededBytes} do not fit.
   *
   * @param what what needs them, plural ("1,000,000 idle and 100,000 active agents")
   */
  public static void requireTotal(CommandSpec spec, String flag, long value, long neededBytes, String what) {
    requireTotal(spec, flag, value, neededBytes, what, "");
  }

  private static void requireTotal(CommandSpec spec, String flag, long value, long neededBytes, String what,
      String each) {
    long usable = (long) (max() * USABLE);
    if (neededBytes > usable) {
      throw new CommandLine.ParameterException(spec.commandLine(), String.format(Locale.ROOT,
          "%s %d: %s need about %s of heap%s, and this JVM may plan on %s of its %s; lower %s or give the JVM more "
              + "heap (MEMLOOP_JAVA_OPTS=-Xmx%dg)", flag, value, what, Units.bytes(neededBytes), each,
          Units.bytes(usable), Units.bytes(max()), flag, gibibytesFor(neededBytes)));
    }
  }

  /**
   * The heap, in whole GiB, whose usable share holds {@code neededBytes}: what the refusal suggests, so that the
   * suggestion is enough and no more (a fixed suggestion of 20 GiB was too little for some runs and, on a 24 GiB
   * machine, more than its kernel lets a JVM keep).
   */
  public static long gibibytesFor(long neededBytes) {
    double gib = neededBytes / USABLE / (1L << 30);
    return Math.max(1, (long) Math.ceil(gib));
  }

  /**
   * The live set now, as a class histogram (the JVM's {@code GC.class_histogram}, which walks only reachable
   * objects: one line per class, largest first, then {@code Total}), or null where the JVM offers none. It stops
   * the JVM while it walks the heap (seconds at several GiB): take it where no turn is running.
   */
  public static String classHistogram() {
    try {
      Object histogram = java.lang.management.ManagementFactory.getPlatformMBeanServer().invoke(
          new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
          new Object[] {new String[0]}, new String[] {String[].class.getName()});
      return histogram == null ? null : histogram.toString();
    } catch (javax.management.JMException | RuntimeException unavailable) {
      return null;
    }
  }

  /** The live set's bytes now ({@link #classHistogram}'s total), or -1 where the JVM offers no histogram. */
  public static long liveSetBytes() {
    String histogram = classHistogram();
    return histogram == null ? -1 : histogramTotal(histogram);
  }

  /** The bytes of a class histogram's {@code Total} line (its last column), or -1 when it has none. */
  public static long histogramTotal(String histogram) {
    for (String line : histogram.lines().toList()) {
      String[] columns = line.trim().split("\\s+");
      if (columns.length == 3 && columns[0].equals("Total")) {
        try {
          return Long.parseLong(columns[2]);
        } catch (NumberFormatException notANumber) {
          return -1;
        }
      }
    }
    return -1;
  }

  /** Starts watching the live heap's peak (the largest heap in use after a collection). */
  public static Peak watch() {
    CollectionPauses.jvm().resetLiveHeap();
    return new Peak();
  }

  /** The live heap's peak since {@link #watch}. */
  public static final class Peak {

    /**
     * The largest heap in use after a collection since {@link #watch}: the live set's peak, garbage excluded
     * (and floating garbage of the old generation included); when no collection ran, the heap in use now, an
     * upper bound.
     */
    public long bytes() {
      long live = CollectionPauses.jvm().liveHeapPeak();
      if (live > 0) {
        return live;
      }
      Runtime runtime = Runtime.getRuntime();
      return runtime.totalMemory() - runtime.freeMemory();
    }
  }
}
