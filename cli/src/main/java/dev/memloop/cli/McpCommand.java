package dev.memloop.cli;

import dev.memloop.cli.command.Failures;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.serve.MeterRegistries;
import dev.memloop.cli.serve.ServeAddress;
import dev.memloop.mcp.HttpMcpServer;
import dev.memloop.mcp.JournaledMemory;
import dev.memloop.mcp.MemoryMcpServer;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.runtime.config.EmbedderNames;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
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

  @Option(names = "--data", paramLabel = "DIR", description = "Keep the memory (and the board) on disk in DIR, "
      + "across restarts: every write is in DIR/NAME.journal before the client hears it was saved. Serve it again "
      + "with the same embedder. Default: in memory only, gone when the server stops.")
  private Path data;

  @Option(names = "--board", paramLabel = "NAME", description = "Also serve a shared board named NAME: the tools "
      + "post and read, for several clients at once (with --http).")
  private String board;

  private static final String NAME = "[A-Za-z0-9_.-]+";

  @Override
  public Integer call() throws Exception {
    Options.require(spec, memory.matches(NAME), "--memory must be letters, digits, '.', '-' or '_': '" + memory + "'");
    Options.require(spec, board == null || board.matches(NAME), "--board must be letters, digits, '.', '-' or '_': '"
        + board + "'");
    Options.require(spec, board == null || !board.equals(memory), "--board " + board + ": the board needs a name of "
        + "its own, not the memory's");
    Options.require(spec, data == null || !data.toString().isBlank(), "--data needs a directory: ''");
    Options.require(spec, http != null || !httpPublic, "--http-public needs --http HOST:PORT");
    Embedder resolved = Options.valid(spec, () -> EmbedderNames.resolve(embedder));
    ServeAddress address = http == null ? null : Options.valid(spec, () -> ServeAddress.parse(http, "--http",
        httpPublic));
    try (Served served = Options.valid(spec, () -> open(resolved))) {
      return address != null ? serveHttp(served, address) : serveStdio(served);
    }
  }

  /** The memory and the board, each empty, or replayed from its journal under --data. */
  private Served open(Embedder resolved) {
    String run = Long.toString(System.currentTimeMillis(), 36); // ids unique across restarts of a kept memory
    WorkingMemory notes = memory(resolved, memory, run);
    try {
      return new Served(notes, board == null ? null : memory(resolved, board, run), MeterRegistries.prometheus());
    } catch (RuntimeException failed) {
      notes.close();
      throw failed;
    }
  }

  private WorkingMemory memory(Embedder resolved, String name, String run) {
    WorkingMemory empty = WorkingMemory.builder(resolved).threadSafe().lexical().idPrefix(name + "-" + run + "-")
        .build(); // lexical: recall weighs a query's exact words beside its meaning (hybrid, by default)
    if (data == null) {
      return empty;
    }
    try {
      return JournaledMemory.open(data, name, empty);
    } catch (IllegalArgumentException | java.io.UncheckedIOException refused) {
      empty.close();
      throw new IllegalArgumentException("--data " + data + ": " + refused.getMessage(), refused);
    }
  }

  private MemoryMcpServer.Builder server(Served served) {
    MemoryMcpServer.Builder server = MemoryMcpServer.builder(served.notes(), memory).hybridRecall()
        .metrics(served.registry().registry());
    return served.board() == null ? server : server.board(served.board(), board);
  }

  private int serveStdio(Served served) throws InterruptedException {
    PrintStream protocol = System.out;
    System.setOut(System.err); // the protocol's stream is the client's alone: a stray line would break a message
    int unanswered;
    try {
      unanswered = server(served).serveStdio(System.in, protocol);
    } finally {
      System.setOut(protocol);
    }
    if (unanswered > 0) { // the end of input came with requests the server could not answer within the drain
      spec.commandLine().getErr().println("memloop mcp: the client closed its input with " + unanswered + " requests "
          + "still unanswered after " + dev.memloop.memory.timing.Units.config(MemoryMcpServer.Builder.DRAIN));
      spec.commandLine().getErr().flush();
      return Failures.FAILED;
    }
    return 0;
  }

  /** Serves until the process is stopped (a shutdown hook closes the server, then the memories and journals). */
  private int serveHttp(Served served, ServeAddress address) throws InterruptedException {
    HttpMcpServer server = Options.valid(spec, () -> HttpMcpServer.start(server(served), address.host(),
        address.port(), served.registry().registry()::scrape));
    java.util.concurrent.CountDownLatch stopped = new java.util.concurrent.CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      served.close();
      stopped.countDown();
    }, "memloop-mcp-stop"));
    PrintWriter out = spec.commandLine().getOut();
    out.println("serving the memory '" + memory + "'" + (board == null ? "" : " and the board '" + board + "'")
        + " over MCP at " + server.url() + " (metrics at " + server.metricsUrl() + ")"
        + (data == null ? "" : ", kept in " + data));
    out.flush();
    stopped.await(); // until the process is stopped
    return 0;
  }

  /** What one run serves, closed once: the memory, the board (null without --board) and the registry. */
  private record Served(WorkingMemory notes, WorkingMemory board, MeterRegistries.Served registry)
      implements AutoCloseable {
    @Override
    public synchronized void close() {
      if (notes.isClosed()) {
        return;
      }
      notes.close();
      if (board != null) {
        board.close();
      }
      registry.close();
    }
  }
}
