package dev.memloop.bench.cli;

import dev.memloop.bench.benchmarks.updates.UpdatesBench;
import dev.memloop.bench.benchmarks.updates.UpdatesWorkload;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.Durations;
import dev.memloop.cli.command.EmbedderOption;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.Units;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop bench updates}: knowledge updates answered by plain recall and by supersede, with and without decay. */
@Command(name = "updates", mixinStandardHelpOptions = true,
    description = {"Knowledge updates: a seeded workload of subjects whose values change over time (homes, jobs, "
        + "prices, owners, statuses, preferences), each update worded differently, with distractors, written into one "
        + "memory per arm, the arms taking turns. Arms: plain recall (every version a note), supersede by subject, "
        + "each with and without a recency half-life. Per arm: currentAt1 (the current value ranked first), staleAt1 "
        + "(a superseded value ranked first), asOfAt1 (the value as of a past date ranked first), and the p50 of a "
        + "write and of a recall. Targets: supersede by subject staleAt1 <= 0.01, asOfAt1 >= 0.95, write p50 within "
        + "1.2x the plain arm's."})
final class UpdatesBenchCommand implements Callable<Integer> {

  /** The most subjects: the workload's names run out past it. */
  static final int MAX_SUBJECTS = 5_000;

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  private EmbedderOption embedder;

  @Option(names = "--subjects", defaultValue = "1000",
      description = "Subjects, each of 2 to 4 versions, at most " + MAX_SUBJECTS + " (default: ${DEFAULT-VALUE}).")
  private int subjects;

  @Option(names = "--seed", defaultValue = "43", description = "The workload's seed (default: ${DEFAULT-VALUE}).")
  private long seed;

  @Option(names = "--half-life", defaultValue = "90d", converter = Durations.class,
      description = "The decay arms' recency half-life, as 90d or 12h (default: ${DEFAULT-VALUE}).")
  private Duration halfLife;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    Options.require(spec, subjects > 0 && subjects <= MAX_SUBJECTS,
        "--subjects must be in [1, " + MAX_SUBJECTS + "]: " + subjects);
    Options.require(spec, !halfLife.isZero(), "--half-life must be a positive duration (90d, 12h): " + halfLife);
    Duration decay = halfLife;
    Embedder chosen = embedder.embedder(spec);
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("embedder", chosen.name());
    parameters.put("subjects", subjects);
    parameters.put("seed", seed);
    parameters.put("halfLife", decay.toString());
    CommandRun run = CommandRun.start(spec, output, "updates", parameters);
    PrintWriter console = run.console();
    UpdatesWorkload workload = UpdatesWorkload.generate(subjects, seed);
    UpdatesBench.Result result = UpdatesBench.run(workload, chosen, decay);
    TextTable table = new TextTable("arm", "currentAt1", "staleAt1", "asOfAt1", "as of: other version", "write p50 us",
        "recall p50 us", "items");
    for (UpdatesBench.ArmResult arm : result.arms()) {
      table.row(arm.arm(), f(arm.currentAt1()), f(arm.staleAt1()), f(arm.asOfAt1()), f(arm.asOfWrongVersionAt1()),
          Units.micros(arm.writeP50Nanos()),
          Units.micros(arm.recallP50Nanos()), String.format(Locale.ROOT, "%,d", arm.items()));
    }
    UpdatesBench.ArmResult plain = result.arms().get(0);
    UpdatesBench.ArmResult subject = result.arms().stream().filter(a -> a.arm().equals("subject")).findFirst()
        .orElseThrow();
    double writeRatio = (double) subject.writeP50Nanos() / plain.writeP50Nanos();
    String targets = String.format(Locale.ROOT, "targets for supersede by subject: staleAt1 %.3f <= 0.01 %s; "
        + "asOfAt1 %.3f >= 0.95 %s; write p50 %.2fx the plain arm's <= 1.2x %s%n"
        + "(supersede by subject meaning is not built: no arm for it)%n",
        subject.staleAt1(), met(subject.staleAt1() <= 0.01), subject.asOfAt1(), met(subject.asOfAt1() >= 0.95),
        writeRatio, met(writeRatio <= 1.2));
    console.print(table.plain() + targets);
    return run.finish("updates.json", result, table.markdown() + "\n" + targets);
  }

  private static String met(boolean met) {
    return met ? "(met)" : "(MISSED)";
  }

  private static String f(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }
}
