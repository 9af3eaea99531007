package dev.memloop.cli;

import dev.memloop.cli.command.Options;
import dev.memloop.mcp.JournaledMemory;
import dev.memloop.mcp.MemoryExport;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.MemoryItem;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.config.EmbedderNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code memloop memory import --data DIR FILE}: an export's memories into a data directory's journals. */
@Command(name = "import", mixinStandardHelpOptions = true,
    description = {"Reads a file memloop memory export wrote into a data directory: each memory's items into "
        + "DIR/NAME.journal (made if missing), with their ids, texts, metadata and times. With --embedder, each text is "
        + "embedded again by that embedder (a memory moving to another model); without, the exported vectors are "
        + "kept. An id the directory already holds refuses the whole import before anything is written. Refused while "
        + "a server holds the directory."})
final class MemoryImportCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "DIR", description = "The data directory (made if missing).")
  private Path data;

  @Option(names = "--embedder", paramLabel = "NAME", description = "Embed every text again with this embedder "
      + "(default, hashing, hashing-N, minilm, a model2vec directory); default: keep the exported vectors.")
  private String embedder;

  @Parameters(index = "0", paramLabel = "FILE", description = "The export to read.")
  private Path file;

  private static int dimension(Embedder again, MemoryExport.Contents contents, String memory) {
    return again != null ? again.dimension() : contents.dimensions().get(memory);
  }

  /** Refuses a memory whose journal exists at another dimension or holds one of {@code items}' ids already. */
  private Void checkTarget(String name, List<MemoryItem> items, int dimension) {
    if (!Files.exists(data.resolve(name + ".journal"))) {
      return null;
    }
    int existing = JournaledMemory.dimension(data, name);
    if (existing != dimension) {
      throw new IllegalArgumentException("FILE " + file + ": memory " + name + " is kept in " + data + " at dimension "
          + existing + ", and would be imported at " + dimension + (embedder == null ? "; import it with "
          + "--embedder of that memory's embedder" : " by --embedder " + embedder) + "; nothing was imported");
    }
    try (JournaledMemory target = JournaledMemory.open(data, name, WorkingMemory.builder(existing).threadSafe()
        .build())) {
      for (MemoryItem item : items) {
        if (target.vector(item.id()).isPresent()) {
          throw new IllegalArgumentException("FILE " + file + ": item " + item.id() + " is in " + data + "/" + name
              + ".journal already; nothing was imported");
        }
      }
    }
    return null;
  }

  @Override
  public Integer call() throws IOException {
    Options.require(spec, !Files.exists(data) || Files.isDirectory(data), "--data " + data + ": not a directory");
    Options.require(spec, Files.isRegularFile(file), "FILE " + file + ": no such file");
    Embedder again = embedder == null ? null : Options.valid(spec, () -> EmbedderNames.resolve(embedder));
    MemoryExport.Contents contents = Options.valid(spec, () -> {
      try {
        return MemoryExport.read(file);
      } catch (IOException e) {
        throw new IllegalArgumentException("FILE " + file + " cannot be read: " + e.getMessage(), e);
      }
    });
    for (Map.Entry<String, List<MemoryItem>> memory : contents.items().entrySet()) {
      for (MemoryItem item : memory.getValue()) {
        Options.require(spec, again == null || item.text() != null, "--embedder " + embedder + ": item " + item.id()
            + " of " + memory.getKey() + " has no text to embed again; import it without --embedder");
      }
    }
    for (Map.Entry<String, List<MemoryItem>> memory : contents.items().entrySet()) { // every refusal before any write
      Options.valid(spec, () -> checkTarget(memory.getKey(), memory.getValue(), dimension(again, contents,
          memory.getKey())));
    }
    Files.createDirectories(data);
    int imported = 0;
    for (Map.Entry<String, List<MemoryItem>> memory : contents.items().entrySet()) {
      try (JournaledMemory target = JournaledMemory.open(data, memory.getKey(),
          WorkingMemory.builder(dimension(again, contents, memory.getKey())).threadSafe().build())) {
        for (MemoryItem item : memory.getValue()) {
          target.addVector(item.id(), again == null ? item.vector() : again.embed(item.text()), item.text(),
              item.metadata());
          imported++;
        }
      }
    }
    spec.commandLine().getOut().println("imported " + imported + " items of " + contents.items().size()
        + " memories into " + data + (again == null ? "" : ", embedded again by " + again.name()));
    spec.commandLine().getOut().flush();
    return 0;
  }
}
