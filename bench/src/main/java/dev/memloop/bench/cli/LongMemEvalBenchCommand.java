package dev.memloop.bench.cli;

import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.bench.benchmarks.conversation.LongMemEvalFile;
import dev.memloop.bench.benchmarks.conversation.LongMemEvalRetrieval;
import dev.memloop.bench.benchmarks.conversation.ReadPolicies;
import dev.memloop.bench.benchmarks.conversation.RetrievalScores;
import dev.memloop.bench.report.Figure;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.Units;
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

/** {@code memloop bench longmemeval}: LongMemEval's retrieval task, session-level and turn-level, per method. */
@Command(name = "longmemeval", mixinStandardHelpOptions = true,
    description = {"Retrieval on LongMemEval's published files (longmemeval_s, _m or _oracle, from the LongMemEval "
        + "authors; not shipped here): each question's haystack in a memory of its own, one item per turn, recalled "
        + "by vector search, BM25 and their fusion; session-level and turn-level hit@k, recall@k and MRR by "
        + "question type, beside recall latency. Then the read policies (single, adaptive, per-step) at each --rtt "
        + "within --budget per question, scored by session. No model is asked: abstention questions are left out."})
final class LongMemEvalBenchCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "FILE", description = "The LongMemEval file.")
  private Path data;

  @CommandLine.Mixin
  private RetrievalOptions retrieval;

  @CommandLine.Mixin
  private ReadPolicyOptions policyOptions;

  @CommandLine.Mixin
  private RunOutput output;

  /** Everything the run measured, as written to longmemeval.json and printed under --json. */
  record Records(int questions, int turns, LongMemEvalRetrieval.Defects defects,
      List<LongMemEvalRetrieval.MethodResult> methods, ReadPolicyReport.Records readPolicies) {}

  @Override
  public Integer call() throws Exception {
    List<Integer> sortedKs = retrieval.ks(spec);
    Map<String, Embedder> resolved = retrieval.embedders(spec);
    dev.memloop.memory.index.TextAnalysis lexical = retrieval.analysis(spec);
    List<Long> rttNanos = policyOptions.rttNanos(spec);
    LongMemEvalFile.Questions questions = RetrievalOptions.read(spec, data, LongMemEvalFile::open);
    LongMemEvalRetrieval.Defects leftOut = Options.valid(spec, () -> LongMemEvalRetrieval.defects(questions));
    Options.require(spec, leftOut.scored(questions.size()) > 0, "--data " + data + ": nothing to score: "
        + (questions.size() + questions.leftOut()) + " questions, all left out (" + leftOut.abstention()
        + " abstention, " + leftOut.withoutAnswerSessions() + " without answer sessions, " + leftOut.unreadable()
        + " unreadable)");
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("data", data.toString());
    parameters.put("embedders", retrieval.embedders);
    parameters.put("k", sortedKs);
    parameters.put("analysis", lexical.name());
    parameters.put("rtt", rttNanos.stream().map(n -> Units.config(Duration.ofNanos(n))).toList());
    parameters.put("budget", Units.config(policyOptions.budget));
    CommandRun run = CommandRun.start(spec, output, "longmemeval", parameters);
    PrintWriter console = run.console();
    Consumer<String> progress = line -> {
      console.println(line);
      console.flush();
    };
    LongMemEvalRetrieval.Result result = LongMemEvalRetrieval.run(questions, resolved, sortedKs, lexical, progress);
    console.printf(Locale.ROOT, "%d questions, %d turns; left out: %d abstention, %d without answer sessions, %d "
        + "unreadable; %d without evidence turns (those are scored by session only)%n", result.questions(),
        result.turns(), result.defects().abstention(), result.defects().withoutAnswerSessions(),
        result.defects().unreadable(), result.defects().withoutEvidenceTurns());
    RetrievalOptions.printDefects(console, result.defects().named(), "longmemeval.json");
    List<String> header = new ArrayList<>(List.of("embedder", "method"));
    sortedKs.forEach(k -> header.add("session hit@" + k));
    sortedKs.forEach(k -> header.add("session recall@" + k));
    sortedKs.forEach(k -> header.add("turn recall@" + k));
    header.addAll(List.of("recall p50 us", "recall p99 us", "ingest items/s"));
    TextTable table = new TextTable(header.toArray(String[]::new));
    for (LongMemEvalRetrieval.MethodResult m : result.methods()) {
      List<Object> row = new ArrayList<>(List.of(m.embedder(), m.method()));
      sortedKs.forEach(k -> row.add(String.format(Locale.ROOT, "%.3f", m.sessionLevel().hitAt().get(k))));
      sortedKs.forEach(k -> row.add(String.format(Locale.ROOT, "%.3f", m.sessionLevel().recallAt().get(k))));
      sortedKs.forEach(k -> row.add(String.format(Locale.ROOT, "%.3f", m.turnLevel().recallAt().get(k))));
      row.add(Units.micros(m.recallP50Nanos()));
      row.add(Units.micros(m.recallP99Nanos()));
      row.add(String.format(Locale.ROOT, "%,.0f", m.ingestItemsPerSecond()));
      table.row(row.toArray());
    }
    console.print(table.plain());
    TextTable byType = byType(result, sortedKs);
    console.println("By question type (the memory's hybrid recall, fused):");
    console.print(byType.plain());
    List<ReadPolicies.PolicyResult> policies = ReadPolicies.run(questions, resolved, sortedKs, rttNanos,
        policyOptions.budget.toNanos(), progress);
    TextTable policyTable = ReadPolicyReport.table(policies, sortedKs, "session hit@");
    console.println(ReadPolicyReport.heading(policyOptions.budget));
    console.print(policyTable.plain());
    int shownK = sortedKs.contains(10) ? 10 : sortedKs.get(sortedKs.size() - 1);
    ReadPolicyReport.Records policyRecords = ReadPolicyReport.records(policyOptions.budget, rttNanos, policies, shownK);
    console.print(ReadPolicyReport.gains(policyRecords, "session hit@"));
    Figure figure = ReadPolicyReport.figure(policies, shownK, policyOptions.budget, "LongMemEval", "session hit@",
        "LongMemEval's questions", run);
    console.println("retrieval only: no model answered any question");
    Records records = new Records(result.questions(), result.turns(), result.defects(), result.methods(),
        policyRecords);
    return run.finish("longmemeval.json", records, table.markdown() + "\n## By question type (fused)\n\n"
        + byType.markdown() + ReadPolicyReport.markdown(policyOptions.budget, policyRecords, policyTable, figure));
  }

  /** Session hit@k and turn recall@k of the fused recall, the first embedder's, by question type. */
  private static TextTable byType(LongMemEvalRetrieval.Result result, List<Integer> ks) {
    LongMemEvalRetrieval.MethodResult fused = result.methods().stream().filter(m -> m.method().equals("fused"))
        .findFirst().orElseThrow();
    List<String> header = new ArrayList<>(List.of("question type", "questions"));
    ks.forEach(k -> header.add("session hit@" + k));
    ks.forEach(k -> header.add("session recall@" + k));
    ks.forEach(k -> header.add("turn recall@" + k));
    TextTable table = new TextTable(header.toArray(String[]::new));
    for (Map.Entry<String, RetrievalScores.Summary> type : fused.sessionLevelByType().entrySet()) {
      RetrievalScores.Summary turns = fused.turnLevelByType().get(type.getKey());
      List<Object> row = new ArrayList<>(List.of(type.getKey(), type.getValue().questions()));
      ks.forEach(k -> row.add(String.format(Locale.ROOT, "%.3f", type.getValue().hitAt().get(k))));
      ks.forEach(k -> row.add(String.format(Locale.ROOT, "%.3f", type.getValue().recallAt().get(k))));
      ks.forEach(k -> row.add(turns == null ? "-" : String.format(Locale.ROOT, "%.3f", turns.recallAt().get(k))));
      table.row(row.toArray());
    }
    return table;
  }
}
