package dev.memloop.cli;

import dev.memloop.cli.command.Options;
import dev.memloop.mcp.JournaledMemory;
import dev.memloop.mcp.MemoryExport;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.WorkingMemory;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop memory export --data DIR --out FILE}: every memory of a data directory as one JSON Lines file. */
@Command(name = "export", mixinStandardHelpOptions = true,
    description = {"Writes every memory of a data directory (each DIR/NAME.journal) to one JSON Lines file: a header "
        + "with the format version and each memory's dimension, then one item a line with its memory, id, text, "
        + "vector and metadata (kind, author, subject, times). memloop memory import reads it. Refused while a "
        + "server holds the directory."})
final class MemoryExportCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "DIR", description = "The data directory.")
  private Path data;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "The file to write (replaced).")
  private Path out;

  @Override
  public Integer call() throws IOException {
    Options.require(spec, Files.isDirectory(data), "--data " + data + ": not a directory");
    Options.require(spec, out.getParent() == null || Files.isDirectory(out.toAbsolutePath().getParent()),
        "--out " + out + ": its directory does not exist");
    Map<String, Integer> dimensions = new LinkedHashMap<>();
    Map<String, List<MemoryItem>> items = new LinkedHashMap<>();
    for (String name : journals(data)) {
      int dimension = JournaledMemory.dimension(data, name);
      try (JournaledMemory memory = JournaledMemory.open(data, name,
          WorkingMemory.builder(dimension).threadSafe().build())) {
        dimensions.put(name, dimension);
        items.put(name, memory.items());
      }
    }
    try (Writer writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
      MemoryExport.write(dimensions, items, writer);
    }
    int total = items.values().stream().mapToInt(List::size).sum();
    spec.commandLine().getOut().println("exported " + total + " items of " + items.size() + " memories to " + out);
    spec.commandLine().getOut().flush();
    return 0;
  }

  /** The names of the journals in {@code dir}, sorted. */
  static List<String> journals(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".journal"))
          .map(f -> f.substring(0, f.length() - ".journal".length())).sorted().toList();
    }
  }
}
