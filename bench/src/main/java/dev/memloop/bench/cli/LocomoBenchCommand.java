package dev.memloop.bench.cli;

import dev.memloop.cli.command.ModelSpend;
import dev.memloop.cli.command.Failures;
import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.bench.benchmarks.conversation.LocomoAnswers;
import dev.memloop.bench.benchmarks.conversation.LocomoFile;
import dev.memloop.bench.benchmarks.conversation.LocomoRetrieval;
import dev.memloop.bench.benchmarks.conversation.ReadPolicies;
import dev.memloop.bench.benchmarks.conversation.RecallChanges;
import dev.memloop.bench.experiments.LlmRun;
import dev.memloop.bench.report.Figure;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.llm.LlmCallException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code memloop bench locomo}: LoCoMo's retrieval task per embedder and recall method, quality beside latency; the
 * read policies behind injected round trips within a budget per question; and, with {@code --llm openai}, answers
 * scored with LoCoMo's token F1 (and a judge).
 */
@Command(name = "locomo", mixinStandardHelpOptions = true,
    description = {"Retrieval on the published LoCoMo file (locomo10.json, from the LoCoMo authors; not shipped "
        + "here): one memory per conversation, one item per turn, each question recalling the top turns by vector "
        + "search, BM25 and their fusion; hit@k, recall@k and MRR (overall and by category) beside recall latency "
        + "and ingest rate. Then the read policies (single, adaptive, per-step) at each --rtt within --budget per "
        + "question. With --llm openai, each question is answered from its recalled turns and scored with LoCoMo's "
        + "token F1 (--judge: and by the model as judge). Adversarial questions (category 5) are left out."})
final class LocomoBenchCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "FILE", description = "The LoCoMo file (locomo10.json).")
  private Path data;

  @CommandLine.Mixin
  private RetrievalOptions retrieval;

  @CommandLine.Mixin
  private ReadPolicyOptions policyOptions;

  @CommandLine.Mixin
  private ModelSpend spend;

  @Option(names = "--model", description = "With --llm openai, the model's name (default: memloop.llm.model).")
  private String model;

  @Option(names = "--judge", description = "With --llm openai, also ask the model whether each answer is correct.")
  private boolean judge;

  @CommandLine.Mixin
  private RunOutput output;

  /** Everything the run measured, as written to locomo.json and printed under --json. */
  record Records(int conversations, int turns, int scoredQuestions, LocomoRetrieval.Defects defects,
      List<LocomoRetrieval.MethodResult> methods, ChangeRecords changes, ReadPolicyReport.Records readPolicies,
      LocomoAnswers.Result answers, String answersNote) {}

  /** The hybrid recall's changes, one at a time, with the first embedder. */
  record ChangeRecords(String embedder, String how, List<RecallChanges.Change> steps) {}

  @Override
  public Integer call() throws Exception {
    List<Integer> sortedKs = retrieval.ks(spec);
    Map<String, Embedder> resolved = retrieval.embedders(spec);
    dev.memloop.memory.index.TextAnalysis lexical = retrieval.analysis(spec);
    spend.check(spec);
    List<Long> rttNanos = policyOptions.rttNanos(spec);
    Duration budget = policyOptions.budget;
    Options.require(spec, spend.real() || (model == null && !judge), (model != null ? "--model " + model : "--judge")
        + " needs --llm openai (without it no question is answered)");
    List<LocomoFile.Conversation> conversations = RetrievalOptions.read(spec, data, LocomoFile::read);
    LocomoRetrieval.Defects leftOut = LocomoRetrieval.defects(conversations);
    int questions = LocomoRetrieval.questions(conversations);
    Options.require(spec, leftOut.leftOut() < questions, "--data " + data + ": nothing to score: " + questions
        + " questions, all left out (" + leftOut.adversarial() + " adversarial, " + leftOut.withoutEvidence()
        + " without evidence, " + leftOut.evidenceNamingNoTurn() + " whose evidence names no turn, "
        + leftOut.unreadable() + " unreadable)");
    int maxK = sortedKs.get(sortedKs.size() - 1);
    LlmRun llm = null;
    List<LocomoAnswers.Prompt> prompts = List.of();
    if (spend.real()) {
      llm = Options.valid(spec, () -> ReproduceLlm.resolve(spend.llm(), model, spend.llmBaseUrl(), false));
      Options.require(spec, llm != null, "--llm openai needs OPENAI_API_KEY, or --llm-base-url of a server that needs "
          + "no key (Ollama, vLLM, llama.cpp)");
      prompts = LocomoAnswers.prompts(conversations, resolved.values().iterator().next(), maxK);
      long tokens = LocomoAnswers.estimatedTokens(prompts, judge);
      spec.commandLine().getErr().printf(Locale.ROOT, "locomo answers: %,d model calls, about %,d tokens%n",
          LocomoAnswers.calls(prompts, judge), tokens);
      spec.commandLine().getErr().flush();
      if (tokens > spend.tokenBudget() && !spend.yes()) {
        throw spend.overBudget(spec);
      }
    }
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("data", data.toString());
    parameters.put("embedders", retrieval.embedders);
    parameters.put("k", sortedKs);
    parameters.put("analysis", lexical.name());
    parameters.put("fusion", "reciprocal rank, c = " + dev.memloop.memory.index.RankFusion.HYBRID_C + ", over each "
        + "search's top " + LocomoRetrieval.FUSION_DEPTH + "; BM25 reads each turn with the 2 before it");
    parameters.put("rtt", rttNanos.stream().map(n -> Units.config(Duration.ofNanos(n))).toList());
    parameters.put("budget", Units.config(budget));
    parameters.put("llm", llm == null ? "none" : llm.calls().modelName());
    CommandRun run = CommandRun.start(spec, output, "locomo", parameters);
    PrintWriter console = run.console();
    Consumer<String> progress = line -> {
      console.println(line);
      console.flush();
    };
    LocomoRetrieval.Result result = LocomoRetrieval.run(conversations, resolved, sortedKs, lexical, progress);
    console.printf(Locale.ROOT, "%d conversations, %d turns, %d questions scored; left out: %d adversarial, %d "
        + "without evidence, %d whose evidence names no turn, %d unreadable%n", result.conversations(),
        result.turns(), result.scoredQuestions(), result.defects().adversarial(), result.defects().withoutEvidence(),
        result.defects().evidenceNamingNoTurn(), result.defects().unreadable());
    RetrievalOptions.printDefects(console, result.defects().named(), "locomo.json");
    TextTable table = retrievalTable(result, sortedKs);
    console.print(table.plain());
    String firstEmbedder = resolved.keySet().iterator().next();
    progress.accept("the hybrid recall's changes, one at a time (embedder " + firstEmbedder + ")");
    List<RecallChanges.Change> steps = RecallChanges.run(conversations, resolved.get(firstEmbedder), lexical);
    TextTable changeTable = changeTable(steps);
    console.println("The hybrid recall's changes, each on top of the ones above it (embedder " + firstEmbedder + "):");
    console.print(changeTable.plain());
    List<ReadPolicies.PolicyResult> policies = ReadPolicies.run(conversations, resolved, sortedKs, rttNanos,
        budget.toNanos(), progress);
    int shownK = sortedKs.contains(10) ? 10 : maxK;
    TextTable policyTable = ReadPolicyReport.table(policies, sortedKs, "hit@");
    console.println(ReadPolicyReport.heading(budget));
    console.print(policyTable.plain());
    ReadPolicyReport.Records policyRecords = ReadPolicyReport.records(budget, rttNanos, policies, shownK);
    console.print(ReadPolicyReport.gains(policyRecords, "hit@"));
    Figure figure = ReadPolicyReport.figure(policies, shownK, budget, "LoCoMo", "hit@", "LoCoMo's questions", run);
    LocomoAnswers.Result answers = null;
    String answersNote;
    if (llm == null) {
      answersNote = "no model was asked (--llm none): no answer was generated or scored";
    } else {
      List<LocomoAnswers.Answered> done = new ArrayList<>();
      try {
        answers = LocomoAnswers.answer(prompts, llm.calls(), judge, done, progress);
      } catch (LlmCallException failed) {
        run.write("answers-partial.json", done);
        run.write("llm-calls.json", llm.counters().usage());
        console.println("model calls before the failure: " + llm.counters().snapshot() + " (llm-calls.json)");
        console.println("locomo failed; the " + done.size() + " answers made are in " + run.directory()
            .resolve("answers-partial.json"));
        console.flush();
        spec.commandLine().getErr().println(spec.qualifiedName() + ": " + failed.getMessage());
        spec.commandLine().getErr().flush();
        return Failures.FAILED;
      }
      run.write("llm-calls.json", llm.counters().usage());
      answersNote = "answered by " + answers.model() + " from the " + maxK + " turns the hybrid recall finds ("
          + resolved.keySet().iterator().next() + "), scored with LoCoMo's token F1" + (judge ? " and by the model "
          + "as judge" : "");
      console.printf(Locale.ROOT, "Answers (%s): %d questions, token F1 %.3f%s; by category %s%n", answers.model(),
          answers.questions(), answers.f1(), judge ? String.format(Locale.ROOT, ", judged correct %.3f",
          answers.judged()) : "", rounded(answers.f1ByCategory()));
      console.println("model calls: " + llm.counters().snapshot());
    }
    console.println(answersNote);
    Records records = new Records(result.conversations(), result.turns(), result.scoredQuestions(), result.defects(),
        result.methods(), new ChangeRecords(firstEmbedder, "each step on top of the ones before it; the vector "
        + "search's and BM25's top " + LocomoRetrieval.FUSION_DEPTH + " fused as the memory fuses them; each "
        + "question recalled twice, the second timed, its embedding included", steps),
        policyRecords, answers, answersNote);
    String body = table.markdown() + "\n## The hybrid recall's changes, one at a time\n\n" + changeTable.markdown()
        + ReadPolicyReport.markdown(budget, records.readPolicies(), policyTable, figure) + "\n## Answers\n\n"
        + answersNote + "\n";
    return run.finish("locomo.json", records, body);
  }

  private static String rounded(Map<String, Double> byCategory) {
    StringBuilder out = new StringBuilder();
    byCategory.forEach((c, v) -> out.append(out.length() == 0 ? "" : ", ").append(c).append(' ')
        .append(String.format(Locale.ROOT, "%.3f", v)));
    return out.toString();
  }

  private static TextTable retrievalTable(LocomoRetrieval.Result result, List<Integer> ks) {
    List<String> header = new ArrayList<>(List.of("embedder", "method"));
    ks.forEach(k -> header.add("hit@" + k));
    ks.forEach(k -> header.add("recall@" + k));
    header.addAll(List.of("MRR", "recall p50 us", "recall p99 us", "ingest items/s"));
    TextTable table = new TextTable(header.toArray(String[]::new));
    for (LocomoRetrieval.MethodResult m : result.methods()) {
      List<Object> row = new ArrayList<>(List.of(m.embedder(), m.method()));
      ks.forEach(k -> row.add(String.format(Locale.ROOT, "%.3f", m.hitAt().get(k))));
      ks.forEach(k -> row.add(String.format(Locale.ROOT, "%.3f", m.recallAt().get(k))));
      row.add(String.format(Locale.ROOT, "%.3f", m.mrr()));
      row.add(Units.micros(m.recallP50Nanos()));
      row.add(Units.micros(m.recallP99Nanos()));
      row.add(String.format(Locale.ROOT, "%,.0f", m.ingestItemsPerSecond()));
      table.row(row.toArray());
    }
    return table;
  }

  private static TextTable changeTable(List<RecallChanges.Change> steps) {
    TextTable table = new TextTable("step", "change", "hit@10", "MRR", "recall p50 us");
    for (RecallChanges.Change c : steps) {
      table.row(c.name(), c.change(), String.format(Locale.ROOT, "%.3f", c.hitAt10()),
          String.format(Locale.ROOT, "%.3f", c.mrr()), Units.micros(c.recallP50Nanos()));
    }
    return table;
  }
}
