package dev.memloop.bench.cli;

import dev.memloop.cli.command.EmbedderOption;
import dev.memloop.cli.command.ModelSpend;
import dev.memloop.cli.command.Durations;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CliConfig;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.command.ActorSystems;
import dev.memloop.bench.experiments.Experiment;
import dev.memloop.bench.experiments.ExperimentContext;
import dev.memloop.bench.experiments.ExperimentReport;
import dev.memloop.bench.experiments.Experiments;
import dev.memloop.bench.experiments.LlmRun;
import dev.memloop.bench.experiments.NetworkEmbedCost;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.config.EmbedderChoice;
import dev.memloop.runtime.config.EmbedderNames;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop reproduce}: the paper's tables and figures, regenerated, with the paper's numbers beside. */
@Command(name = "reproduce", mixinStandardHelpOptions = true, subcommandsRepeatable = true,
    description = {"Regenerates the paper's tables and figures on the embedded defaults (in-process store, the "
        + "distilled static embedder, simulated models where an LLM would be) and writes report.md, index.html, "
        + "one PNG per figure and one JSON file per experiment, the paper's figures beside ours.",
        "Name experiments as commands (memloop reproduce fig7 table1) or with --only; none runs them all. The "
            + "experiments, in the paper's order, are the commands below (from their registry, Experiments.all())."})
final class ReproduceCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  // split here, not by picocli: its split drops a trailing empty name ("table1,"), which must be refused
  @Option(names = "--only", description = "Experiments to run, as in fig5,table4 (default: all); repeatable.")
  private List<String> only;

  /** The exit code of the run, once made: several experiment subcommands given together share one run. */
  private Integer ran;

  @Option(names = "--quick", description = "Fewer repeats and trials, the same design: minutes, not tens of them.")
  private boolean quick;

  @Option(names = "--seed", defaultValue = "42", description = "First workload seed (default: ${DEFAULT-VALUE}).")
  private long seed;

  @CommandLine.Mixin
  private EmbedderOption embedder;

  @Option(names = "--network-embed", converter = Durations.class, description = "The cost of one network "
      + "embedding, pricing the network stacks (default: measured when OPENAI_API_KEY or OPENAI_BASE_URL is set, "
      + "else the paper's 202 ms).")
  private Duration networkEmbed;

  @Option(names = "--pg-url", description = "JDBC URL of your own PostgreSQL + pgvector for Table 3, as in "
      + "jdbc:postgresql://127.0.0.1:5432/postgres?user=u&password=p (default: PGlite, started on a free port).")
  private String pgUrl;

  @Option(names = "--model", description = "The real model's name (default: memloop.llm.model, gpt-5-nano).")
  private String model;

  @Option(names = "--rubric", description = "Grade Table 1's real-model answers a second time with the model (the "
      + "rubric grader).")
  private boolean rubric;

  @CommandLine.Mixin
  private ModelSpend spend;

  @CommandLine.Mixin
  private RunOutput output;

  CommandLine.Model.CommandSpec spec() {
    return spec;
  }

  /** Runs the experiments named as subcommands (and by --only), once however many subcommands ask. */
  Integer runOnce(List<String> named) throws Exception {
    if (ran == null) {
      ran = run(named);
    }
    return ran;
  }

  @Override
  public Integer call() throws Exception {
    return runOnce(List.of());
  }

  private Integer run(List<String> named) throws Exception {
    List<String> chosen = new ArrayList<>();
    for (String id : named) {
      Options.require(spec, !chosen.contains(id), "names " + id + " twice: name each experiment once");
      chosen.add(id);
    }
    if (only != null) {
      for (String value : only) {
        for (String id : value.split(",", -1)) {
          Options.require(spec, !id.isBlank(), "--only has an empty name (a comma too many?): '" + value + "'");
          Options.require(spec, !chosen.contains(id), "--only names " + id + " twice (or as a command too)");
          chosen.add(id);
        }
      }
    }
    List<Experiment> experiments = Options.valid(spec, () -> Experiments.select(chosen));
    Options.valid(spec, () -> dev.memloop.agents.triage.TriageWorkloads.checkNotHeldOut(seed));
    embedder.embedder(spec);
    if (pgUrl != null) {
      Options.valid(spec, () -> dev.memloop.pgvector.PgUrl.checked(pgUrl, "--pg-url")); // shown without its password
    }
    Options.require(spec, networkEmbed == null || !networkEmbed.isZero(), "network embed cost must be > 0: " + Units.config(networkEmbed));
    spend.check(spec);
    LlmRun llmRun = Options.valid(spec, () -> ReproduceLlm.resolve(spend.llm(), model, spend.llmBaseUrl(), rubric));
    List<LlmRun.Estimate> estimates = ReproduceLlm.estimates(llmRun, experiments);
    if (!ReproduceLlm.affordable(estimates, spend.tokenBudget(), spend.yes(), spec.commandLine().getErr())) {
      throw spend.overBudget(spec);
    }
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("experiments", experiments.stream().map(Experiment::id).toList());
    parameters.put("quick", quick);
    parameters.put("seed", seed);
    parameters.put("embedder", embedder.name());
    parameters.put("percentiles", "nearest rank");
    parameters.put("llm", llmRun == null ? "none" : llmRun.settings().toString());
    parameters.put("llmEstimates", estimates);
    parameters.put("pgUrl", pgUrl == null ? "PGlite via scripts/pglite-server" : "given (not recorded: it may hold a password)");
    CommandRun run = CommandRun.start(spec, output, "reproduce", "memloop reproduce", parameters);
    PrintWriter console = run.console();
    if (spend.real() && llmRun == null) {
      console.println("--llm openai: neither OPENAI_API_KEY nor OPENAI_BASE_URL (nor --llm-base-url) is set, so the "
          + "real-model arms of Tables 1 and 4 are skipped; the simulated arms run");
    }
    NetworkEmbedCost network = experiments.stream().anyMatch(Experiment::pricesNetworkEmbedding)
        ? NetworkEmbedCost.resolve(networkEmbed, System.getenv(), spend.llmBaseUrl(), quick ? 10 : 30)
        : NetworkEmbedCost.notNeeded();
    console.println("network embedding: " + network.source());
    List<ExperimentReport> reports;
    try {
      reports = ActorSystems.with("memloop-reproduce", CliConfig.load(null), system -> {
        List<ExperimentReport> done = new ArrayList<>();
        for (int i = 0; i < experiments.size(); i++) {
          Experiment e = experiments.get(i);
          console.printf("[%d/%d] %s%n", i + 1, experiments.size(), e.title());
          console.flush();
          long start = System.nanoTime();
          ExperimentReport report;
          try (ExperimentProgress stages = new ExperimentProgress(e.id(), output.progress().bars() && !output.json(),
              output.progress().lines(), console)) {
            ExperimentContext context = new ExperimentContext(system, seed, quick, run.file(""), stages::stage, embedder.name(),
                network.cost(), network.source(), pgUrl, llmRun);
            report = e.run(context);
          }
          run.write(e.id() + ".json", report.records());
          console.print(report.plain());
          console.printf("  (%.1f s)%n", (System.nanoTime() - start) / 1e9);
          console.flush();
          done.add(report);
        }
        return done;
      });
    } catch (Exception | Error failure) {
      // what the run has is kept: the model calls already paid for are in llm-calls.json, and the console says it
      // failed (no COMPLETE marker: the run did not finish)
      if (llmRun != null) {
        run.write("llm-calls.json", llmRun.counters().usage());
        console.println("model calls before the failure: " + llmRun.counters().snapshot() + " (llm-calls.json)");
      }
      console.println("reproduce failed; the experiments that finished are in " + run.directory());
      console.flush();
      throw failure;
    }
    if (llmRun != null) {
      console.println("model calls: " + llmRun.counters().snapshot());
      run.write("llm-calls.json", llmRun.counters().usage()); // tokens and time of every call
    }
    StringBuilder markdown = new StringBuilder(ReproduceNotes.MARKDOWN);
    StringBuilder html = new StringBuilder("<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>memloop "
        + "reproduce</title><style>body{font-family:sans-serif;max-width:1000px;margin:auto}table{border-collapse:"
        + "collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}img{max-width:100%}"
        + "figure{margin:1em 0}figcaption{font-size:90%;color:#333}.run{color:#555}</style></head>"
        + "<body>\n<h1>memloop reproduce</h1>\n<p class=\"run\">" + TextTable.escape(run.header() + ", seed " + seed
        + (quick ? ", quick" : "")) + "</p>\n<p>" + TextTable.escape(ReproduceNotes.MARKDOWN.replace("\n", " "))
        + "</p>\n");
    Map<String, Object> records = new LinkedHashMap<>();
    for (ExperimentReport r : reports) {
      markdown.append(r.markdown());
      html.append(r.html());
      records.put(r.id(), r.records());
    }
    run.writeText("index.html", html.append("</body></html>\n").toString());
    return run.finish("reproduce.json", records, markdown.toString());
  }
}
