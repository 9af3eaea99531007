package dev.memloop.cli.report;

import dev.memloop.memory.VectorKernels;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a run needs to be reproduced and compared: the code (git SHA), the JVM, the kernels, the machine
 * and the parameters. Written as {@code run.json} beside every result, with the results' format version and
 * their unit convention (docs/RESULTS.md describes both).
 *
 * @param format the version of the results' format, {@link #FORMAT}
 * @param units how the results' fields carry their units, {@link #UNITS}
 */
public record RunInfo(int format, String units, String runId, String command, Instant started, String gitSha,
    String jdk, String vm, String vectorImpl, int processors, String cpu, Map<String, Object> parameters) {

  /** The results' format version: raised whenever a field of any results file changes meaning or unit. */
  public static final int FORMAT = 1;
  /** The unit convention of every results file. */
  public static final String UNITS = "times in nanoseconds unless the field name ends in Micros, Millis or Seconds; "
      + "rates per second; see docs/RESULTS.md";

  public static RunInfo capture(String runId, String command, Map<String, Object> parameters) {
    return new RunInfo(FORMAT, UNITS, runId, command, Instant.now(), readGitSha(), System.getProperty("java.version"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
        VectorKernels.name(), Runtime.getRuntime().availableProcessors(), readCpuModel(), parameters);
  }

  /** The headline with the date the run started (UTC), for a page's header. */
  public String header() {
    return headline() + ", started " + started.truncatedTo(java.time.temporal.ChronoUnit.SECONDS) + " (run " + runId
        + ")";
  }

  /** One line for the top of a printed report. */
  public String headline() {
    return "JDK " + jdk + ", vector kernels " + vectorImpl + ", " + processors + " CPUs (" + cpu + "), git "
        + gitSha;
  }

  private static String readGitSha() {
    try {
      Process git = new ProcessBuilder("git", "rev-parse", "--short=12", "HEAD").redirectErrorStream(true).start();
      String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      boolean done = git.waitFor(5, TimeUnit.SECONDS);
      return done && git.exitValue() == 0 && !out.isEmpty() ? out : "unknown";
    } catch (IOException e) {
      return "unknown";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  private static String readCpuModel() {
    Path cpuinfo = Path.of("/proc/cpuinfo");
    try {
      if (Files.isReadable(cpuinfo)) {
        for (String line : Files.readAllLines(cpuinfo)) {
          if (line.startsWith("model name")) {
            return line.substring(line.indexOf(':') + 1).trim();
          }
        }
      }
    } catch (IOException e) {
      // fall through: the CPU model is informative, not essential
    }
    return System.getProperty("os.arch");
  }
}
