package dev.memloop.cli;

import dev.memloop.cli.command.ProgressOption;
import dev.memloop.cli.command.Options;
import dev.memloop.memory.distill.DistilledModels;
import dev.memloop.memory.distill.Distiller;
import dev.memloop.memory.distill.TeacherModel;
import dev.memloop.memory.embed.StaticEmbedder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop embedder}: the distilled default embedder and its cache. */
@Command(name = "embedder", mixinStandardHelpOptions = true,
    description = "The local static embedder: distill it from the teacher, or show what is cached.",
    subcommands = {EmbedderCommand.Distill.class, EmbedderCommand.Info.class})
final class EmbedderCommand implements Runnable {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "choose: distill or info");
  }

  @Command(name = "distill", mixinStandardHelpOptions = true,
      description = "Distills a static model2vec table from the in-process teacher (no download) into the cache, "
          + "replacing any cached copy. The default embedder does this by itself at first use.")
  static final class Distill implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--teacher", defaultValue = TeacherModel.MINILM,
        description = "Teacher model (default: ${DEFAULT-VALUE}).")
    private String teacher;

    @Option(names = "--dims", defaultValue = "256", description = "PCA dimensions, 1-384 (default: ${DEFAULT-VALUE}).")
    private int dims;

    @Option(names = "--threads", description = "Parallel teacher sessions (default: the CPU count).")
    private Integer threads;

    @Option(names = "--cache", description = "Cache directory (default: ${XDG_CACHE_HOME:-~/.cache}/memloop/embedders).")
    private Path cache;

    @CommandLine.Mixin
    private ProgressOption progress;

    @Override
    public Integer call() {
      Distiller.Options options = Options.valid(spec, () -> new Distiller.Options(dims, 0,
          threads == null ? Runtime.getRuntime().availableProcessors() : threads));
      TeacherModel model = Options.valid(spec, () -> TeacherModel.load(teacher));
      Path root = cache == null ? DistilledModels.cacheRoot() : cache;
      try {
        Files.createDirectories(root); // before the minutes of distilling: a cache that cannot be written is bad input
      } catch (IOException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--cache " + root + ": cannot create it ("
            + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
      }
      Path target = DistilledModels.directoryFor(root, model, options);
      long start = System.nanoTime();
      if (progress.bars()) {
        try (var bar = new ProgressBarReporter("distilling " + teacher + " to " + dims + " dimensions")) {
          DistilledModels.distillInto(target, model, options, bar);
        }
      } else {
        progress.line(spec.commandLine().getErr(), "distilling %s to %d dimensions", teacher, dims);
        DistilledModels.distillInto(target, model, options, Distiller.Progress.SILENT);
      }
      StaticEmbedder embedder = StaticEmbedder.load(target);
      spec.commandLine().getOut().printf(Locale.ROOT, "distilled %s: %d tokens x %d dimensions in %.1f s%n%s%n",
          teacher, embedder.tokenizer().vocabularySize(), embedder.dimension(), (System.nanoTime() - start) / 1e9,
          target.toAbsolutePath());
      return 0;
    }
  }

  @Command(name = "info", mixinStandardHelpOptions = true, description = "Lists the distilled models in the cache.")
  static final class Info implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--cache", description = "Cache directory (default: ${XDG_CACHE_HOME:-~/.cache}/memloop/embedders).")
    private Path cache;

    @Override
    public Integer call() {
      Path root = cache == null ? DistilledModels.cacheRoot() : cache;
      Options.require(spec, cache == null || !Files.exists(cache) || Files.isDirectory(cache), "--cache " + cache
          + ": not a directory");
      var out = spec.commandLine().getOut();
      var models = DistilledModels.list(root);
      out.println("cache: " + root.toAbsolutePath());
      if (models.isEmpty()) {
        out.println("no distilled model yet (the default embedder distills one at first use; or run: memloop embedder distill)");
        return 0;
      }
      var table = new dev.memloop.cli.report.TextTable("directory", "valid", "teacher", "dims", "tokens", "MB",
          "distilled in", "created");
      for (var m : models) {
        table.row(m.directory().getFileName(), m.valid() ? "yes" : "NO (rebuilt at next use)", m.teacher(),
            m.dimensions(), m.tokens(), String.format(Locale.ROOT, "%.1f", m.bytes() / 1e6),
            String.format(Locale.ROOT, "%.1f s", m.seconds()), m.created());
      }
      out.print(table.plain());
      return 0;
    }
  }
}
