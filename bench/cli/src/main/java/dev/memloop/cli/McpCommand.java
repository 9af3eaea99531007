package dev.memloop.cli;

import dev.memloop.mcp.MemoryMcpServer;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.config.EmbedderNames;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code memloop mcp}: a named memory served as MCP tools over standard input and output, for any MCP client. Standard
 * output carries the protocol alone: everything else this process would print (logs) goes to standard error.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
    description = {"Serves a named memory as MCP tools (remember, recall, match, forget) over standard input and "
        + "output, until the client closes standard input.",
        "Configure it in an MCP client as the command: memloop mcp --memory notes"})
final class McpCommand implements Callable<Integer> {

  @CommandLine.Spec
  private CommandLine.Model.CommandSpec spec;

  @Option(names = "--memory", defaultValue = "memory",
      description = "The memory's name, as the client sees it (default: ${DEFAULT-VALUE}).")
  private String memory;

  @Option(names = "--embedder", defaultValue = "default",
      description = "The embedder: default (the semantic static model), hashing, hashing-N (default: ${DEFAULT-VALUE}).")
  private String embedder;

  @Override
  public Integer call() throws Exception {
    Options.require(spec, memory.matches("[A-Za-z0-9_.-]+"), "--memory must be letters, digits, '.', '-' or '_': '"
        + memory + "'");
    Embedder resolved = Options.valid(spec, () -> EmbedderNames.resolve(embedder));
    PrintStream protocol = System.out;
    System.setOut(System.err); // the protocol's stream is the client's alone: a stray line would break a message
    try (WorkingMemory served = WorkingMemory.builder(resolved).threadSafe().build()) {
      MemoryMcpServer.serveStdio(served, memory, System.in, protocol);
    } finally {
      System.setOut(protocol);
    }
    return 0;
  }
}
