package dev.memloop.bench.cli;

import dev.memloop.cli.command.Durations;
import dev.memloop.cli.command.Options;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The flags of the read policies on the public benchmarks: the injected round trips and the budget per question. */
final class ReadPolicyOptions {

  @Option(names = "--rtt", split = ",", converter = Durations.class, defaultValue = "0ms,5ms,15ms,30ms,50ms,110ms",
      description = "The injected round trips of the read policies, a list (default: ${DEFAULT-VALUE}).")
  List<Duration> rtts;

  @Option(names = "--budget", converter = Durations.class, defaultValue = "100ms",
      description = "The memory time one question may spend on reads (default: ${DEFAULT-VALUE}).")
  Duration budget;

  /** The round trips in nanoseconds, once each, ascending; refuses a zero budget by name. */
  List<Long> rttNanos(CommandLine.Model.CommandSpec spec) {
    Options.require(spec, !budget.isZero(), "--budget must be > 0: " + budget);
    return rtts.stream().map(Duration::toNanos).distinct().sorted().toList();
  }
}
