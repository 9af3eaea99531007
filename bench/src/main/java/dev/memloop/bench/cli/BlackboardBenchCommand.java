package dev.memloop.bench.cli;

import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CliConfig;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.ActorSystems;
import dev.memloop.bench.benchmarks.board.BoardReadBenchmark;
import dev.memloop.bench.benchmarks.board.BoardStress;
import dev.memloop.cli.report.Percentiles;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.timing.Units;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop bench blackboard}: the blackboard's read paths side by side, and its post throughput. */
@Command(name = "blackboard", mixinStandardHelpOptions = true,
    description = {"A guard's read at the same size three ways, rounds interleaved: a private WorkingMemory match, "
        + "the blackboard's direct view, and an ask to the board's read port; then acknowledged posts per second "
        + "with 1, 10 and 1,000 concurrent writers."})
final class BlackboardBenchCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--items", defaultValue = "1000", description = "Posts on the board and items in the private "
      + "memory (default: ${DEFAULT-VALUE}).")
  private int items;

  @Option(names = "--dimension", defaultValue = "256", description = "Vector dimension (default: ${DEFAULT-VALUE}).")
  private int dimension;

  @Option(names = "--rounds", defaultValue = "30", description = "Interleaved rounds (default: ${DEFAULT-VALUE}).")
  private int rounds;

  @Option(names = "--reads", defaultValue = "500", description = "Reads per path per round (default: ${DEFAULT-VALUE}).")
  private int reads;

  @Option(names = "--posts", defaultValue = "200000", description = "Posts per throughput run, split among the "
      + "writers (default: ${DEFAULT-VALUE}).")
  private int posts;

  @Option(names = "--writers", split = ",", defaultValue = "1,10,1000",
      description = "Writer counts, one throughput run each (default: ${DEFAULT-VALUE}).")
  private List<Integer> writers;

  @CommandLine.Mixin
  private RunOutput output;

  /** One throughput run in the records. */
  record Throughput(int writers, long posts, double postsPerSecond, boolean audited) {}

  @Override
  public Integer call() throws Exception {
    Options.require(spec, items > 0 && items <= 1_000_000, "items must be in [1, 1000000]: " + items);
    Options.require(spec, dimension > 0 && dimension <= 4096, "dimension must be in [1, 4096]: " + dimension);
    Options.require(spec, rounds > 0 && rounds <= 10_000, "rounds must be in [1, 10000]: " + rounds);
    Options.require(spec, reads > 0 && reads <= 1_000_000, "reads must be in [1, 1000000]: " + reads);
    Options.require(spec, posts > 0 && posts <= 10_000_000, "posts must be in [1, 10000000]: " + posts);
    for (int w : writers) {
      Options.require(spec, w > 0 && w <= posts && w <= 100_000, "writers must be in [1, min(posts, 100000)]: " + w);
    }
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("items", items);
    parameters.put("dimension", dimension);
    parameters.put("rounds", rounds);
    parameters.put("readsPerRound", reads);
    parameters.put("posts", posts);
    parameters.put("writers", writers);
    CommandRun run = CommandRun.start(spec, output, "blackboard", parameters);
    Map<String, Object> records = new LinkedHashMap<>();
    String report = ActorSystems.with("memloop-bench-blackboard", CliConfig.load(null), system -> {
      BoardReadBenchmark.Result read = BoardReadBenchmark.run(system, items, dimension, rounds, reads, 42);
      TextTable reads = new TextTable("read path", "p50 us", "p99 us", "reads");
      for (BoardReadBenchmark.PathLatency p : List.of(read.privateMatch(), read.viewMatch(), read.askMatch())) {
        reads.row(p.path(), Units.micros(p.p50Nanos()), Units.micros(p.p99Nanos()), p.reads());
      }
      String ratio = String.format(Locale.ROOT, "view / private p50: %.2fx (median of %d rounds, range %.2f-%.2f); "
          + "ask / view p50: %.1fx%n", read.viewOverPrivate(), rounds, read.viewOverPrivateMin(),
          read.viewOverPrivateMax(), read.askOverView());
      List<Throughput> throughputs = new ArrayList<>();
      TextTable posting = new TextTable("writers", "posts", "posts/s", "audit");
      for (int w : writers) {
        BoardStress.Result r = BoardStress.run(system, w, posts / w, 16, 0, 0);
        throughputs.add(new Throughput(w, r.acknowledged(), r.postsPerSecond(), r.passed()));
        posting.row(w, r.acknowledged(), String.format(Locale.ROOT, "%,.0f", r.postsPerSecond()),
            r.passed() ? "all present once" : "FAILED");
      }
      records.put("read", read);
      records.put("post", throughputs);
      return reads.plain() + ratio + "\n" + posting.plain() + Percentiles.HDR_HISTOGRAM + "\n";
    });
    run.console().print(report);
    return run.finish("blackboard.json", records, "```\n" + report + "```\n");
  }
}
