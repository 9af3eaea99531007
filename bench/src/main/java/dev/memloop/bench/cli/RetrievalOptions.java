package dev.memloop.bench.cli;

import dev.memloop.cli.command.Options;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.index.TextAnalysis;
import dev.memloop.runtime.config.EmbedderNames;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The flags of the public retrieval benchmarks (LoCoMo, LongMemEval): embedders to compare and the k of hit@k. */
final class RetrievalOptions {

  @Option(names = "--embedder", split = ",", defaultValue = "default",
      description = "Embedders to compare, a list: default, hashing, hashing-N, minilm, a model2vec directory "
          + "(default: ${DEFAULT-VALUE}).")
  List<String> embedders;

  @Option(names = "--analysis", defaultValue = "english", description = "How BM25 reads turns and questions: english "
      + "(Lucene's English chain: stop words out, Porter stemming; the memory's default) or plain (lower case only, as "
      + "before) (default: ${DEFAULT-VALUE}).")
  String analysis;

  @Option(names = "--k", split = ",", defaultValue = "1,5,10,25",
      description = "The k of hit@k and recall@k, a list (default: ${DEFAULT-VALUE}).")
  List<Integer> ks;

  /** A published file's reader. */
  @FunctionalInterface
  interface Reader<T> {
    T read(Path file) throws IOException;
  }

  /** The k values, each checked, sorted, once each. */
  List<Integer> ks(CommandLine.Model.CommandSpec spec) {
    Options.require(spec, ks.stream().allMatch(k -> k != null && k >= 1 && k <= 1000), "--k values must be in "
        + "[1, 1000]: " + ks);
    return ks.stream().distinct().sorted().toList();
  }

  /** The text analysis named by {@code --analysis}. */
  TextAnalysis analysis(CommandLine.Model.CommandSpec spec) {
    return switch (analysis) {
      case "english" -> TextAnalysis.english();
      case "plain" -> TextAnalysis.plain();
      default -> throw new CommandLine.ParameterException(spec.commandLine(), "--analysis must be english or plain: '"
          + analysis + "'");
    };
  }

  /** The embedders by the names given, each resolved (a name that is none is bad input). */
  Map<String, Embedder> embedders(CommandLine.Model.CommandSpec spec) {
    Map<String, Embedder> resolved = new LinkedHashMap<>();
    for (String name : embedders) {
      resolved.put(name, Options.valid(spec, () -> EmbedderNames.resolve(name)));
    }
    return resolved;
  }

  /** {@code data} read by {@code reader}; a file that cannot be read, or is in another format, is bad input. */
  static <T> T read(CommandLine.Model.CommandSpec spec, Path data, Reader<T> reader) {
    return Options.valid(spec, () -> {
      try {
        return reader.read(data);
      } catch (IOException unreadable) {
        throw new IllegalArgumentException("--data " + data + ": cannot be read (" + unreadable.getClass()
            .getSimpleName() + ": " + unreadable.getMessage() + ")", unreadable);
      }
    });
  }

  /** The most defects the console names; the report names them all. */
  static final int DEFECTS_SHOWN = 10;

  /** Names the first {@link #DEFECTS_SHOWN} of {@code defects}, and where the rest are. */
  static void printDefects(java.io.PrintWriter console, List<String> defects, String report) {
    defects.stream().limit(DEFECTS_SHOWN).forEach(d -> console.println("  " + d));
    if (defects.size() > DEFECTS_SHOWN) {
      console.println("  ... and " + (defects.size() - DEFECTS_SHOWN) + " more (all in " + report + ", under defects)");
    }
  }
}
