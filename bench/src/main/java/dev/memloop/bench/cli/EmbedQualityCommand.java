package dev.memloop.bench.cli;

import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.memory.embed.EmbeddingQuality;
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

  @CommandLine.Mixin
  private RunOutput output;

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
    CommandRun run = CommandRun.start(spec, output, "embed-quality",
        Map.<String, Object>of("model", model == null ? "default (distilled)" : model.toString()));
    PrintWriter console = run.console();
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
    console.print(table.plain());
    console.println("A static table scores another host almost like the same line: calibrate guard thresholds on "
        + "held-out data, do not copy them.");
    return run.finish("quality.json", reports, table.markdown());
  }

  private static String f(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }
}
