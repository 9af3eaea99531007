package dev.memloop.bench.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code memloop jmh [jmh options] [regex]}: the JMH benchmarks in this jar, with JMH's own options. */
@Command(name = "jmh", mixinStandardHelpOptions = false,
    description = {"Runs memloop's JMH benchmarks with JMH's own command line (try: memloop jmh -h).",
        "Example: memloop jmh -f 1 -wi 3 -i 5 RecallBenchmark"})
final class JmhCommand implements Runnable {

  @CommandLine.Unmatched
  private List<String> arguments = new ArrayList<>();

  @Override
  public void run() {
    try {
      org.openjdk.jmh.Main.main(arguments.toArray(String[]::new));
    } catch (Exception e) {
      throw new IllegalStateException("JMH failed: " + e.getMessage(), e);
    }
  }
}
