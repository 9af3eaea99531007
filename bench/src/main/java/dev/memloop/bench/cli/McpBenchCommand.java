package dev.memloop.bench.cli;

import dev.memloop.cli.command.RunOutput;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.command.CommandRun;
import dev.memloop.cli.report.TextTable;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.timing.Units;
import dev.memloop.runtime.config.EmbedderNames;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code memloop bench mcp}: a recall over MCP (streamable HTTP and stdio) beside the same recall in process. */
@Command(name = "mcp", mixinStandardHelpOptions = true,
    description = "A recall through memloop mcp's recall tool, over streamable HTTP on loopback and over stdio to a "
        + "memloop mcp process, beside the memory's own search in process; the paths take turns in rounds, timed on "
        + "the client's side.")
final class McpBenchCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--items", defaultValue = "1000", description = "Items in the memory (default: ${DEFAULT-VALUE}).")
  private int items;

  @Option(names = "--calls", defaultValue = "3000", description = "Timed recalls a path (default: ${DEFAULT-VALUE}).")
  private int calls;

  @Option(names = "--rounds", defaultValue = "5", description = "Rounds the recalls are split into, the paths "
      + "taking turns (default: ${DEFAULT-VALUE}).")
  private int rounds;

  @Option(names = "--k", defaultValue = "5", description = "Items a recall returns (default: ${DEFAULT-VALUE}).")
  private int k;

  @Option(names = "--embedder", defaultValue = "default",
      description = "default, hashing or hashing-N (default: ${DEFAULT-VALUE}).")
  private String embedder;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of the lines (default: ${DEFAULT-VALUE}).")
  private long seed;

  @CommandLine.Mixin
  private RunOutput output;

  @Override
  public Integer call() throws Exception {
    McpLatency.Config config = Options.valid(spec, () -> new McpLatency.Config(items, calls, rounds, k, seed,
        embedder));
    Embedder resolved = Options.valid(spec, () -> EmbedderNames.resolve(embedder));
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("items", items);
    parameters.put("calls", calls);
    parameters.put("rounds", rounds);
    parameters.put("k", k);
    parameters.put("embedder", embedder);
    parameters.put("seed", seed);
    CommandRun run = CommandRun.start(spec, output, "mcp", parameters);
    PrintWriter console = run.console();
    List<McpLatency.Row> rows;
    try (WorkingMemory memory = WorkingMemory.builder(resolved).threadSafe().build()) {
      rows = McpLatency.run(config, memory, McpLatency.memloopCommand(), line -> {
        console.println(line);
        console.flush();
      });
    }
    TextTable table = new TextTable("recall path", "p50 us", "p99 us", "max us", "x in process (p50)", "samples");
    for (McpLatency.Row row : rows) {
      table.row(row.path(), Units.micros(row.p50Nanos()), Units.micros(row.p99Nanos()), Units.micros(row.maxNanos()),
          String.format(Locale.ROOT, "%.1f", row.overInProcess()), row.samples());
    }
    console.print(table.plain());
    return run.finish("mcp.json", rows, table.markdown());
  }
}
