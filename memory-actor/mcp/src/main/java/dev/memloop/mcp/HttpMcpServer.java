package dev.memloop.mcp;

import dev.memloop.auth.Loopback;
import dev.memloop.auth.OAuthTokens;
import dev.memloop.auth.Principal;
import dev.memloop.memory.WorkingMemory;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * A memory served over MCP's streamable HTTP transport at {@code /mcp}: the SDK's transport is a servlet, run here in
 * an embedded Tomcat with one connector on the address given (port 0 for any free one), with the served calls'
 * metrics at {@code /metrics} when given. Closing it stops the container and the MCP server.
 */
public final class HttpMcpServer implements AutoCloseable {

  /** The path MCP clients post to. */
  public static final String ENDPOINT = "/mcp";
  /** Where the metrics are, in the Prometheus text format, when a scrape is given. */
  public static final String METRICS = "/metrics";
  /** The most sessions held at once: past it an {@code initialize} is refused until one closes. */
  public static final int MAX_SESSIONS = 1_000;
  /** How long a session may go unused before the SDK's sweeper closes it (between one and two of these). */
  public static final java.time.Duration SESSION_IDLE = java.time.Duration.ofMinutes(10);

  /**
   * Tomcat's class loader warns at stop of threads it did not start and cannot stop (the SDK's Reactor pool, the
   * process's, not a web application's): held here, so that the level set on it stays (JUL keeps loggers weakly).
   */
  private static final java.util.logging.Logger LOADER =
      java.util.logging.Logger.getLogger("org.apache.catalina.loader.WebappClassLoaderBase");

  static {
    LOADER.setLevel(java.util.logging.Level.SEVERE);
  }

  private final Tomcat tomcat;
  private final McpSyncServer server;
  private final String host;
  private final int port;
  private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

  private HttpMcpServer(Tomcat tomcat, McpSyncServer server, String host, int port) {
    this.tomcat = tomcat;
    this.server = server;
    this.host = host;
    this.port = port;
  }

  /**
   * Serves {@code memory} as {@code name} on {@code host:port}.
   *
   * @throws IllegalArgumentException naming the address when it cannot be bound (in use, not this machine's)
   */
  public static HttpMcpServer start(WorkingMemory memory, String name, String host, int port) {
    return start(MemoryMcpServer.builder(memory, name), host, port, null);
  }

  /**
   * Serves what {@code served} names on {@code host:port}; with {@code metrics} (a Prometheus text scrape, as
   * {@code PrometheusMeterRegistry::scrape}), also {@code GET /metrics}.
   *
   * @throws IllegalArgumentException naming the address when it cannot be bound (in use, not this machine's)
   */
  public static HttpMcpServer start(MemoryMcpServer.Builder served, String host, int port,
      java.util.function.Supplier<String> metrics) {
    return start(served, host, port, metrics, MAX_SESSIONS, System::nanoTime);
  }

  /**
   * As above, with at most {@code maxSessions} sessions at once, their idleness read on {@code nanoTime} (tests ask
   * for few, on a clock they move).
   */
  static HttpMcpServer start(MemoryMcpServer.Builder served, String host, int port,
      java.util.function.Supplier<String> metrics, int maxSessions, java.util.function.LongSupplier nanoTime) {
    return start(served, host, port, metrics, HttpAccess.LOOPBACK, maxSessions, nanoTime);
  }

  /**
   * As {@link #start(MemoryMcpServer.Builder, String, int, java.util.function.Supplier)}, answering only those
   * {@code access} admits: its tokens (each call then authored by, and limited to the scopes of, the token's
   * principal) and origins.
   *
   * @throws IllegalArgumentException naming the address when it is not loopback and {@code access} has no tokens
   */
  public static HttpMcpServer start(MemoryMcpServer.Builder served, String host, int port,
      java.util.function.Supplier<String> metrics, HttpAccess access) {
    return start(served, host, port, metrics, access, MAX_SESSIONS, System::nanoTime);
  }

  static HttpMcpServer start(MemoryMcpServer.Builder served, String host, int port,
      java.util.function.Supplier<String> metrics, HttpAccess access, int maxSessions,
      java.util.function.LongSupplier nanoTime) {
    boolean loopback = Loopback.is(host);
    if (!loopback && access.tokens() == null) {
      throw new IllegalArgumentException("--http " + host + ":" + port + ": a server beyond loopback must "
          + "authenticate its callers: add --auth token --tokens FILE, or --auth oauth");
    }
    // sessions that went quiet are closed by the SDK's sweeper: one unused through a whole sweep is gone
    HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
        .jsonMapper(McpJsonDefaults.getMapper()).mcpEndpoint(ENDPOINT).sessionSweepInterval(SESSION_IDLE)
        .contextExtractor(request -> request.getAttribute(HttpAccessFilter.PRINCIPAL) instanceof Principal p
            ? io.modelcontextprotocol.common.McpTransportContext.create(java.util.Map.of(HttpAccessFilter.PRINCIPAL, p))
            : io.modelcontextprotocol.common.McpTransportContext.EMPTY)
        .build();
    McpSyncServer server = served.start(transport);
    Tomcat tomcat = new Tomcat();
    tomcat.setSilent(true); // its start and stop lines are not the command's output; failures still throw
    try {
      tomcat.setBaseDir(Files.createTempDirectory("memloop-mcp-").toString()); // Tomcat's work directory
    } catch (IOException e) {
      server.close();
      throw new UncheckedIOException("cannot make the HTTP server's work directory", e);
    }
    Connector connector = new Connector();
    connector.setProperty("address", host);
    connector.setPort(port);
    connector.setThrowOnFailure(true); // a port in use fails start(), instead of a log line and a server that is not
    tomcat.setConnector(connector);
    Context context = tomcat.addContext("", null);
    if (context instanceof org.apache.catalina.core.StandardContext standard) {
      // nothing of a web application's is loaded here: no leak to look for at stop, and no warning that it cannot
      standard.setClearReferencesRmiTargets(false);
      standard.setClearReferencesThreadLocals(false);
    }
    Wrapper servlet = Tomcat.addServlet(context, "mcp", transport);
    servlet.setAsyncSupported(true); // the transport answers with server-sent events, asynchronously
    context.addServletMappingDecoded(ENDPOINT, "mcp");
    // first who may call (origin, token), then what the call says (JSON-RPC): a refused caller's body is never read
    org.apache.tomcat.util.descriptor.web.FilterDef door = new org.apache.tomcat.util.descriptor.web.FilterDef();
    door.setFilterName("access");
    door.setFilter(new HttpAccessFilter(access, loopback));
    door.setAsyncSupported("true");
    context.addFilterDef(door);
    org.apache.tomcat.util.descriptor.web.FilterMap doorMap = new org.apache.tomcat.util.descriptor.web.FilterMap();
    doorMap.setFilterName("access");
    doorMap.addURLPatternDecoded(ENDPOINT);
    doorMap.addURLPatternDecoded(METRICS); // what was called, and how often, is the callers' business too
    context.addFilterMap(doorMap);
    org.apache.tomcat.util.descriptor.web.FilterDef guard = new org.apache.tomcat.util.descriptor.web.FilterDef();
    guard.setFilterName("json-rpc");
    guard.setFilter(new JsonRpcHttpFilter(access, maxSessions, 2 * SESSION_IDLE.toNanos(), nanoTime));
    guard.setAsyncSupported("true");
    context.addFilterDef(guard);
    org.apache.tomcat.util.descriptor.web.FilterMap map = new org.apache.tomcat.util.descriptor.web.FilterMap();
    map.setFilterName("json-rpc");
    map.addURLPatternDecoded(ENDPOINT);
    context.addFilterMap(map);
    if (access.tokens() instanceof OAuthTokens oauth) {
      Tomcat.addServlet(context, "resource-metadata", new ResourceMetadataServlet(oauth.resourceMetadata()));
      context.addServletMappingDecoded(OAuthTokens.RESOURCE_METADATA, "resource-metadata");
      context.addServletMappingDecoded(OAuthTokens.RESOURCE_METADATA + "/*", "resource-metadata");
    }
    if (metrics != null) {
      Tomcat.addServlet(context, "metrics", new MetricsServlet(metrics));
      context.addServletMappingDecoded(METRICS, "metrics");
    }
    try {
      tomcat.start();
    } catch (LifecycleException e) {
      server.close();
      destroy(tomcat);
      throw new IllegalArgumentException("--http " + host + ":" + port + ": cannot serve there (" + rootMessage(e)
          + ")", e);
    }
    return new HttpMcpServer(tomcat, server, host, connector.getLocalPort());
  }


  /** The URL of the metrics ({@code /metrics}; served only when a scrape was given). */
  public String metricsUrl() {
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + METRICS;
  }

  /** The URL clients connect to. */
  public String url() {
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + ENDPOINT;
  }

  public int port() {
    return port;
  }

  /** Stops serving and removes the server's work directory; a second close does nothing. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    server.closeGracefully();
    destroy(tomcat);
  }

  /** Stops Tomcat and removes its work directory: a stopped server leaves nothing in the temp directory. */
  private static void destroy(Tomcat tomcat) {
    Path work = Path.of(tomcat.getServer().getCatalinaBase().getPath());
    try {
      tomcat.stop();
      tomcat.destroy();
    } catch (LifecycleException e) {
      // stopping: nothing is left to serve either way
    }
    deleteTree(work);
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (java.util.stream.Stream<Path> paths = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) paths.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // the temp directory keeps what could not be removed; the server is stopped either way
    }
  }

  private static String rootMessage(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getClass().getSimpleName() + ": " + root.getMessage();
  }

  /** The directory a server's files live in while it runs (for tests). */
  Path baseDir() {
    return Path.of(tomcat.getServer().getCatalinaBase().getPath());
  }
}
