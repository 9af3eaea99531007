package dev.memloop.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code memloop jmh [jmh options] [regex]}: memloop's JMH benchmarks, which live in a jar of their own
 * ({@code jmh/target/memloop-jmh.jar}, module jmh), run as a child JVM with JMH's own command line. The launcher
 * {@code ./memloop jmh} builds that jar when needed and runs it directly; this command serves {@code java -jar
 * memloop.jar jmh}.
 */
@Command(name = "jmh", mixinStandardHelpOptions = false,
    description = {"Runs memloop's JMH benchmarks (jmh/target/memloop-jmh.jar) with JMH's own command line "
        + "(try: memloop jmh -h; memloop jmh -l lists them).",
        "Example: memloop jmh -f 1 -wi 3 -i 5 RecallBenchmark"})
final class JmhCommand implements Callable<Integer> {

  /** Where the benchmarks jar is built, under the memloop directory. */
  static final Path JAR = Path.of("jmh", "target", "memloop-jmh.jar");

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @CommandLine.Unmatched
  private List<String> arguments = new ArrayList<>();

  @Override
  public Integer call() throws IOException, InterruptedException {
    String home = System.getProperty("memloop.home");
    Path jar = (home == null ? Path.of("") : Path.of(home)).resolve(JAR);
    if (!Files.isRegularFile(jar)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "the JMH benchmarks jar is not built: " + jar
          .toAbsolutePath() + " (run ./memloop jmh, which builds it, or mvn -pl jmh -am package)");
    }
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-modules", "jdk.incubator.vector", "-jar", jar.toString()));
    command.addAll(arguments);
    Process jmh = new ProcessBuilder(command).inheritIO().start();
    try {
      return jmh.waitFor(); // JMH bounds its own runs by its iteration and fork counts
    } finally {
      jmh.destroy();
    }
  }
}
