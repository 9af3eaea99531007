package dev.memloop.cli;

import dev.memloop.cli.serve.ServeAddress;
import dev.memloop.mcp.HttpMcpServer;
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
 * {@code memloop mcp}: a named memory served as MCP tools, over standard input and output (the default: standard
 * output carries the protocol alone, and everything else this process would print goes to standard error) or over
 * MCP's streamable HTTP transport at {@code /mcp} ({@code --http HOST:PORT}, loopback unless {@code --http-public}).
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
    description = {"Serves a named memory as MCP tools (remember, recall, match, forget) over standard input and "
        + "output until the client closes standard input, or over streamable HTTP at /mcp (--http) until stopped.",
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

  @Option(names = "--http", paramLabel = "HOST:PORT",
      description = "Serve over MCP's streamable HTTP at http://HOST:PORT/mcp instead of standard input and output "
          + "(loopback unless --http-public; port 0 picks a free one).")
  private String http;

  @Option(names = "--http-public", description = "Allow --http on an address other than loopback.")
  private boolean httpPublic;

  @Override
  public Integer call() throws Exception {
    Options.require(spec, memory.matches("[A-Za-z0-9_.-]+"), "--memory must be letters, digits, '.', '-' or '_': '"
        + memory + "'");
    Embedder resolved = Options.valid(spec, () -> EmbedderNames.resolve(embedder));
    if (http != null) {
      ServeAddress address = Options.valid(spec, () -> ServeAddress.parse(http, "--http", httpPublic));
      return serveHttp(resolved, address);
    }
    PrintStream protocol = System.out;
    System.setOut(System.err); // the protocol's stream is the client's alone: a stray line would break a message
    try (WorkingMemory served = WorkingMemory.builder(resolved).threadSafe().build()) {
      MemoryMcpServer.serveStdio(served, memory, System.in, protocol);
    } finally {
      System.setOut(protocol);
    }
    return 0;
  }

  /** Serves until the process is stopped (a shutdown hook closes the server). */
  private int serveHttp(Embedder resolved, ServeAddress address) throws InterruptedException {
    WorkingMemory served = WorkingMemory.builder(resolved).threadSafe().build();
    HttpMcpServer server = Options.valid(spec, () -> HttpMcpServer.start(served, memory, address.host(),
        address.port()));
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      served.close();
    }, "memloop-mcp-stop"));
    spec.commandLine().getOut().println("serving the memory '" + memory + "' over MCP at " + server.url());
    spec.commandLine().getOut().flush();
    new java.util.concurrent.CountDownLatch(1).await(); // until the process is stopped
    return 0;
  }
}
