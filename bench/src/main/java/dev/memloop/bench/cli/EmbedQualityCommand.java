package dev.memloop.bench.cli;

import dev.memloop.bench.report.RunDirectory;
import dev.memloop.bench.report.RunInfo;
import dev.memloop.bench.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.embed.EmbeddingQuality;
import dev.memloop.memory.embed.Embedders;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop bench embed-quality}: similarity per label, the paraphrase gap, rank agreement with MiniLM. */
@Command(name = "embed-quality", mixinStandardHelpOptions = true,
    description = "Embedding quality on memloop's labelled set: mean similarity of paraphrases, unrelated pairs and "
        + "triage action lines (same line, other host, other signature), the paraphrase-unrelated gap, and Spearman "
        + "correlation with the MiniLM teacher.")
final class EmbedQualityCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--model", description = "A model2vec directory to evaluate beside the distilled default.")
  private Path model;

  @Option(names = "--json", description = "Print the results as JSON instead of a table.")
  private boolean json;

  @Option(names = "--out", description = "Results root (default: results/ in the memloop directory).")
  private Path out;

  @Override
  public Integer call() throws Exception {
    Embedder teacher = Embedders.miniLm();
    List<Embedder> embedders = new ArrayList<>();
    embedders.add(Embedders.defaultLocal());
    if (model != null) {
      embedders.add(Options.valid(spec, () -> Embedders.staticModel(model)));
    }
    embedders.add(teacher);
    embedders.add(Embedders.hashing(256));
    PrintWriter console = json ? spec.commandLine().getErr() : spec.commandLine().getOut();
    RunDirectory run = RunDirectory.create(out == null ? RunDirectory.defaultRoot() : out, "bench-embed-quality");
    RunInfo info = RunInfo.capture(run.runId(), "memloop bench embed-quality",
        Map.of("model", model == null ? "default (distilled)" : model.toString()));
    run.writeJson("run.json", info);
    List<EmbeddingQuality.Report> reports = new ArrayList<>();
    TextTable table = new TextTable("embedder", "paraphrase", "unrelated", "gap", "same action", "other host",
        "other signature", "Spearman vs MiniLM");
    for (Embedder embedder : embedders) {
      EmbeddingQuality.Report r = EmbeddingQuality.evaluate(embedder, embedder == teacher ? null : teacher);
      reports.add(r);
      Map<EmbeddingQuality.Label, Double> m = r.meanSimilarity();
      table.row(r.embedder(), f(m.get(EmbeddingQuality.Label.PARAPHRASE)), f(m.get(EmbeddingQuality.Label.UNRELATED)),
          f(r.paraphraseUnrelatedGap()), f(m.get(EmbeddingQuality.Label.SAME_ACTION)),
          f(m.get(EmbeddingQuality.Label.OTHER_HOST)), f(m.get(EmbeddingQuality.Label.OTHER_SIGNATURE)),
          embedder == teacher ? "(reference)" : f(r.spearmanVsReference()));
    }
    console.println("memloop bench embed-quality: " + info.headline());
    console.print(table.plain());
    console.println("A static table scores another host almost like the same line: calibrate guard thresholds on "
        + "held-out data, do not copy them.");
    run.writeJson("quality.json", reports);
    run.writeText("report.md", "# memloop bench embed-quality\n\n" + info.headline() + "\n\n" + table.markdown());
    console.println("results: " + run.path().toAbsolutePath());
    console.flush();
    if (json) {
      spec.commandLine().getOut().println(RunDirectory.JSON.writeValueAsString(reports));
      spec.commandLine().getOut().flush();
    }
    return 0;
  }

  private static String f(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }
}
