package dev.memloop.bench.report;

import dev.memloop.memory.internal.vector.VectorMath;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a run needs to be reproduced and compared: the code (git SHA), the JVM, the kernels, the machine
 * and the parameters. Written as {@code run.json} beside every result.
 */
public record RunInfo(String runId, String command, Instant started, String gitSha, String jdk, String vm,
    String vectorImpl, int processors, String cpu, Map<String, Object> parameters) {

  public static RunInfo capture(String runId, String command, Map<String, Object> parameters) {
    return new RunInfo(runId, command, Instant.now(), readGitSha(), System.getProperty("java.version"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
        VectorMath.implementationName(), Runtime.getRuntime().availableProcessors(), readCpuModel(), parameters);
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
