package dev.memloop.cli;

import dev.memloop.cli.command.Failures;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.serve.MeterRegistries;
import dev.memloop.cli.serve.ServeAddress;
import dev.memloop.auth.AccessTokens;
import dev.memloop.auth.BearerTokens;
import dev.memloop.mcp.HttpAccess;
import dev.memloop.mcp.HttpMcpServer;
import dev.memloop.mcp.JournaledMemory;
import dev.memloop.mcp.MemoryMcpServer;
import dev.memloop.auth.OAuthTokens;
import dev.memloop.auth.Principal;
import dev.memloop.memory.Embedder;
import dev.memloop.memory.WorkingMemory;
import dev.memloop.memory.embed.Embedders;
import dev.memloop.runtime.config.EmbedderNames;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

  @Option(names = "--http-public", description = "Allow --http on an address other than loopback (needs --auth "
      + "token).")
  private boolean httpPublic;

  @Option(names = "--auth", paramLabel = "none|token|oauth", defaultValue = "none", description = "Who may call "
      + "--http: none (anyone who reaches a loopback address), token (a bearer token --tokens lists), or oauth (a JWT "
      + "access token --issuer signed for --audience). With token or oauth each principal has its own memory, and "
      + "each call writes as the principal, with its scopes. Default: ${DEFAULT-VALUE}.")
  private String auth;

  @Option(names = "--issuer", paramLabel = "URL", description = "With --auth oauth: the authorization server's issuer "
      + "identifier, exactly as its metadata says it (https; http only on loopback). Its keys are read from its "
      + "metadata's jwks_uri.")
  private String issuer;

  @Option(names = "--audience", paramLabel = "URL", description = "With --auth oauth: this server's resource "
      + "identifier, the aud a token must carry (its public URL, https://memory.example.com/mcp).")
  private String audience;

  @Option(names = "--principal-claim", paramLabel = "CLAIM", defaultValue = "sub", description = "With --auth oauth: "
      + "the token claim that names the principal (default: ${DEFAULT-VALUE}).")
  private String principalClaim;

  @Option(names = "--tokens", paramLabel = "FILE", description = "With --auth token: one token a line, SHA256-HEX "
      + "PRINCIPAL SCOPES (memory:read,memory:write,memory:forget); # starts a comment; read again when it changes.")
  private Path tokens;

  @Option(names = "--allow-origin", paramLabel = "ORIGIN", description = "A browser origin --http answers "
      + "(https://app.example.com; repeatable). Requests from other origins are refused (403); on loopback, loopback "
      + "pages are answered too.")
  private List<String> allowOrigins = new ArrayList<>();

  @Option(names = "--data", paramLabel = "DIR", description = "Keep the memory (and the board) on disk in DIR, "
      + "across restarts: every write is in DIR/NAME.journal before the client hears it was saved. Serve it again "
      + "with the same embedder. Default: in memory only, gone when the server stops.")
  private Path data;

  @Option(names = "--board", paramLabel = "NAME", description = "Also serve a shared board named NAME: the tools "
      + "post and read, for several clients at once (with --http).")
  private String board;

  @Option(names = "--board-members", split = ",", paramLabel = "PRINCIPAL", description = "With --board and --auth "
      + "token|oauth: the principals who share the board (comma-separated; needed then): another principal's post "
      + "and read are refused.")
  private List<String> boardMembers;

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
    Options.require(spec, List.of("none", "token", "oauth").contains(auth), "--auth must be none, token or oauth: '"
        + auth + "'");
    Options.require(spec, http != null || (auth.equals("none") && tokens == null && allowOrigins.isEmpty()),
        "--auth, --tokens and --allow-origin are for --http HOST:PORT (standard input and output has no callers "
        + "to check)");
    Options.require(spec, auth.equals("token") == (tokens != null), auth.equals("token")
        ? "--auth token needs --tokens FILE" : "--tokens needs --auth token");
    boolean oauth = auth.equals("oauth");
    Options.require(spec, oauth == (issuer != null) && oauth == (audience != null), oauth
        ? "--auth oauth needs --issuer URL and --audience URL" : "--issuer and --audience need --auth oauth");
    Options.require(spec, oauth || spec.commandLine().getParseResult().matchedOption("--principal-claim") == null,
        "--principal-claim needs --auth oauth");
    Options.require(spec, boardMembers == null || board != null, "--board-members needs --board NAME");
    Options.require(spec, boardMembers == null || !auth.equals("none"), "--board-members needs --auth token or "
        + "oauth: without authentication there are no principals to tell apart");
    Options.require(spec, board == null || auth.equals("none") || boardMembers != null, "--board " + board + " with "
        + "--auth " + auth + " needs --board-members P1,P2,...: the principals who share it");
    Options.require(spec, boardMembers == null || boardMembers.stream().noneMatch(String::isBlank),
        "--board-members must name principals, none blank: " + boardMembers);
    Options.require(spec, !httpPublic || !auth.equals("none"), "--http-public needs --auth token or oauth: a "
        + "memory served beyond loopback must authenticate its callers");
    HttpAccess access = http == null ? null : Options.valid(spec, () -> new HttpAccess(
        accessTokens(), allowOrigins));
    // the default table loads beside the handshake: a client's first request is answered before it is in memory
    Embedder resolved = Options.valid(spec, () -> embedder.equals("default") ? Embedders.defaultLocalInBackground()
        : EmbedderNames.resolve(embedder));
    ServeAddress address = http == null ? null : Options.valid(spec, () -> ServeAddress.parse(http, "--http",
        httpPublic));
    try (Served served = Options.valid(spec, () -> open(resolved))) {
      return address != null ? serveHttp(served, address, access) : serveStdio(served);
    }
  }

  /** The tokens --auth names (null for none); the issuer's metadata is read now, so that a wrong one fails at start. */
  private AccessTokens accessTokens() {
    return switch (auth) {
      case "token" -> readTokens();
      case "oauth" -> OAuthTokens.discover(issuer, audience, principalClaim);
      default -> null;
    };
  }

  private BearerTokens readTokens() {
    try {
      return BearerTokens.read(tokens);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--tokens " + e.getMessage(), e);
    }
  }

  /** The memory and the board, each empty, or replayed from its journal under --data. */
  private Served open(Embedder resolved) {
    String run = Long.toString(System.currentTimeMillis(), 36); // ids unique across restarts of a kept memory
    WorkingMemory notes = memory(resolved, memory, run);
    try {
      return new Served(notes, board == null ? null : memory(resolved, board, run), MeterRegistries.prometheus(),
          resolved, run, new java.util.concurrent.CopyOnWriteArrayList<>());
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
    if (!auth.equals("none")) { // each principal its own memory (and journal, DIR/NAME@PRINCIPAL.journal): tenants
      server.tenants(principal -> served.tenant(() -> memory(served.embedder(), memory + "@" + Principal.fileName(principal),
          served.run())));
    }
    if (served.board() == null) {
      return server;
    }
    server.board(served.board(), board);
    return boardMembers == null ? server : server.boardMembers(boardMembers);
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
  private int serveHttp(Served served, ServeAddress address, HttpAccess access) throws InterruptedException {
    HttpMcpServer server = Options.valid(spec, () -> HttpMcpServer.start(server(served), address.host(),
        address.port(), served.registry().registry()::scrape, access));
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

  /**
   * What one run serves, closed once: the memory, the board (null without --board), the registry, and the memories
   * of the principals who called (with --auth token).
   */
  private record Served(WorkingMemory notes, WorkingMemory board, MeterRegistries.Served registry, Embedder embedder,
      String run, java.util.List<WorkingMemory> tenants) implements AutoCloseable {

    /** A principal's memory, opened now and closed with the rest. */
    WorkingMemory tenant(java.util.function.Supplier<WorkingMemory> open) {
      WorkingMemory opened = open.get();
      tenants.add(opened);
      return opened;
    }

    @Override
    public synchronized void close() {
      if (notes.isClosed()) {
        return;
      }
      tenants.forEach(WorkingMemory::close);
      notes.close();
      if (board != null) {
        board.close();
      }
      registry.close();
    }
  }
}
