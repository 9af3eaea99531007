package dev.memloop.cli;

import dev.memloop.bench.benchmarks.conversation.LocomoFile;
import dev.memloop.bench.benchmarks.conversation.LocomoRetrieval;
import dev.memloop.bench.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.timing.Units;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop bench locomo}: LoCoMo's retrieval task per embedder and recall method, quality beside latency. */
@Command(name = "locomo", mixinStandardHelpOptions = true,
    description = {"Retrieval on the published LoCoMo file (locomo10.json, from the LoCoMo authors; not shipped "
        + "here): one memory per conversation, one item per turn, each question recalling the top turns by vector "
        + "search, BM25 and their fusion; hit@k, recall@k and MRR (overall and by category) beside recall latency "
        + "and ingest rate. No model is asked: adversarial questions (category 5) are left out."})
final class LocomoBenchCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "FILE", description = "The LoCoMo file (locomo10.json).")
  private Path data;

  @CommandLine.Mixin
  private RetrievalOptions retrieval;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    List<Integer> sortedKs = retrieval.ks(spec);
    Map<String, Embedder> resolved = retrieval.embedders(spec);
    List<LocomoFile.Conversation> conversations = RetrievalOptions.read(spec, data, LocomoFile::read);
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("data", data.toString());
    parameters.put("embedders", retrieval.embedders);
    parameters.put("k", sortedKs);
    parameters.put("fusion", "reciprocal rank, c = 60, over each search's top " + LocomoRetrieval.FUSION_DEPTH);
    BenchRun run = BenchRun.start(spec, output, "locomo", parameters);
    PrintWriter console = run.console();
    LocomoRetrieval.Result result = LocomoRetrieval.run(conversations, resolved, sortedKs, line -> {
      console.println(line);
      console.flush();
    });
    console.printf(Locale.ROOT, "%d conversations, %d turns, %d questions scored; left out: %d adversarial, %d "
        + "without evidence, %d whose evidence names no turn%n", result.conversations(), result.turns(),
        result.scoredQuestions(), result.defects().adversarial(), result.defects().withoutEvidence(),
        result.defects().evidenceNamingNoTurn());
    List<String> header = new ArrayList<>(List.of("embedder", "method"));
    sortedKs.forEach(k -> header.add("hit@" + k));
    sortedKs.forEach(k -> header.add("recall@" + k));
    header.addAll(List.of("MRR", "recall p50 us", "recall p99 us", "ingest items/s"));
    TextTable table = new TextTable(header.toArray(String[]::new));
    for (LocomoRetrieval.MethodResult m : result.methods()) {
      List<Object> row = new ArrayList<>(List.of(m.embedder(), m.method()));
      sortedKs.forEach(k -> row.add(String.format(Locale.ROOT, "%.3f", m.hitAt().get(k))));
      sortedKs.forEach(k -> row.add(String.format(Locale.ROOT, "%.3f", m.recallAt().get(k))));
      row.add(String.format(Locale.ROOT, "%.3f", m.mrr()));
      row.add(Units.micros(m.recallP50Nanos()));
      row.add(Units.micros(m.recallP99Nanos()));
      row.add(String.format(Locale.ROOT, "%,.0f", m.ingestItemsPerSecond()));
      table.row(row.toArray());
    }
    console.print(table.plain());
    console.println("retrieval only: no model answered any question (answers and a judge need --llm, not built)");
    return run.finish("locomo.json", result, table.markdown());
  }
}
