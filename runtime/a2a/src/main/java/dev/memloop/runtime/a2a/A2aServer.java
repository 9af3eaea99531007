package dev.memloop.runtime.a2a;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.memloop.runtime.AgentHandle;
import io.a2a.server.events.InMemoryQueueManager;
import io.a2a.server.requesthandlers.DefaultRequestHandler;
import io.a2a.server.tasks.InMemoryPushNotificationConfigStore;
import io.a2a.server.tasks.InMemoryTaskStore;
import io.a2a.spec.AgentCapabilities;
import io.a2a.spec.AgentCard;
import io.a2a.spec.AgentSkill;
import io.a2a.spec.TransportProtocol;
import io.a2a.transport.jsonrpc.handler.JSONRPCHandler;
import io.a2a.util.Utils;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A memloop agent served over the Agent2Agent protocol (A2A 0.3, the official A2A Java SDK's request handler and
 * JSON-RPC transport, on the JDK's HTTP server): its agent card at {@code /.well-known/agent-card.json}, and at the
 * card's URL the JSON-RPC methods {@code message/send} (one turn of the agent: the message's text is the
 * observation, the answer the task's artifact), {@code tasks/get} and {@code tasks/cancel} (refused: a turn runs to
 * its end). Streaming and push notifications are not offered, and the card says so. A request the server cannot
 * read is a JSON-RPC error (parse error, invalid request, method not found), and it goes on serving.
 *
 * <pre>{@code
 * AgentHandle agent = AgentHandle.start(system, spec);
 * try (A2aServer server = A2aServer.builder(agent).description("Plans trips").start("127.0.0.1", 8080)) {
 *   // other agents find it at server.cardUrl() and send it messages
 * }
 * }</pre>
 *
 * <p>Thread-safe; close it before the agent's actor system.
 */
public final class A2aServer implements AutoCloseable {

  /** Where the agent card is, as A2A 0.3 names it. */
  public static final String CARD_PATH = "/.well-known/agent-card.json";
  /** The largest request read, in bytes; a larger one is refused with 413. */
  static final int MAX_REQUEST = 1 << 20;
  /** Requests read and answered at once, at most; past them a request waits for one to end. */
  static final int MAX_IN_FLIGHT = 256;

  private final HttpServer http;
  private final ExecutorService requests;
  private final ExecutorService bodies;
  private final ExecutorService turns;
  private final java.util.concurrent.ScheduledExecutorService deadlines;
  private final AgentCard card;
  private final String base;

  private A2aServer(HttpServer http, ExecutorService requests, ExecutorService bodies, ExecutorService turns,
      java.util.concurrent.ScheduledExecutorService deadlines, AgentCard card, String base) {
    this.http = http;
    this.requests = requests;
    this.bodies = bodies;
    this.turns = turns;
    this.deadlines = deadlines;
    this.card = card;
    this.base = base;
  }

  public static Builder builder(AgentHandle agent) {
    return new Builder(agent);
  }

  /** The agent card clients read. */
  public AgentCard card() {
    return card;
  }

  /** The URL JSON-RPC requests are posted to (the card's). */
  public String url() {
    return base + "/";
  }

  /** The URL of the agent card. */
  public String cardUrl() {
    return base + CARD_PATH;
  }

  @Override
  public void close() {
    http.stop(0);
    requests.shutdownNow();
    bodies.shutdownNow();
    turns.shutdownNow();
    deadlines.shutdownNow();
  }

  /** What to say of the agent in its card, and how long a turn may take. Not thread-safe; build once. */
  public static final class Builder {

    private final AgentHandle agent;
    private String description;
    private Duration turnDeadline = Duration.ofMinutes(5);
    private Duration readDeadline = Duration.ofSeconds(10);
    private final List<AgentSkill> skills = new ArrayList<>();

    private Builder(AgentHandle agent) {
      if (agent == null) {
        throw new IllegalArgumentException("an A2A server needs the agent it serves");
      }
      this.agent = agent;
      this.description = "memloop agent " + agent.id();
    }

    public Builder description(String text) {
      if (text == null || text.isBlank()) {
        throw new IllegalArgumentException("the agent's description must not be blank");
      }
      this.description = text;
      return this;
    }

    /** A skill the card lists (at least one is listed: the agent's own turn, when none is given). */
    public Builder skill(String id, String name, String skillDescription) {
      skills.add(new AgentSkill.Builder().id(id).name(name).description(skillDescription).tags(List.of("memloop"))
          .build());
      return this;
    }

    /** How long a message may wait for its turn's answer before its task fails (default 5 minutes). */
    public Builder turnDeadline(Duration deadline) {
      if (deadline == null || deadline.isNegative() || deadline.isZero()) {
        throw new IllegalArgumentException("the turn deadline must be > 0: " + deadline);
      }
      this.turnDeadline = deadline;
      return this;
    }

    /**
     * How long a client may take to send a request's body (default 10 s): past it the connection is closed, so that a
     * client that sends headers and no body holds a reader for no longer.
     */
    public Builder readDeadline(Duration deadline) {
      if (deadline == null || deadline.isNegative() || deadline.isZero()) {
        throw new IllegalArgumentException("the read deadline must be > 0: " + deadline);
      }
      this.readDeadline = deadline;
      return this;
    }

    /**
     * Serves on {@code host:port} (port 0: any free one).
     *
     * @throws IllegalArgumentException naming the address when it cannot be bound
     */
    public A2aServer start(String host, int port) {
      HttpServer http;
      try {
        http = HttpServer.create(new InetSocketAddress(host, port), 64);
      } catch (IOException | RuntimeException e) {
        throw new IllegalArgumentException("A2A server for agent " + agent.id() + ": cannot serve on " + host + ":"
            + port + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
      }
      String shownHost = host.contains(":") ? "[" + host + "]" : host;
      String base = "http://" + shownHost + ":" + http.getAddress().getPort();
      List<AgentSkill> listed = skills.isEmpty() ? List.of(new AgentSkill.Builder().id("turn").name("turn")
          .description("One turn of the agent: it reads the message, recalls from its memory and answers")
          .tags(List.of("memloop")).build()) : List.copyOf(skills);
      AgentCard card = new AgentCard.Builder().name(agent.id()).description(description).url(base + "/")
          .version(version()).capabilities(new AgentCapabilities.Builder().streaming(false).pushNotifications(false)
              .stateTransitionHistory(false).build())
          .defaultInputModes(List.of("text")).defaultOutputModes(List.of("text")).skills(listed)
          .preferredTransport(TransportProtocol.JSONRPC.asString()).protocolVersion("0.3.0").build();
      // Three pools, so that no client can hold what another needs: the server's own threads only dispatch (the card
      // is answered there, at once); a request's body is read and answered on a reader of its own, within the read
      // deadline; a turn runs on a thread of its own and ends by its deadline. Readers and turns are bounded, not
      // fixed at four: four slow uploads used to hold every thread, and the card timed out behind them.
      ExecutorService turns = bounded(MAX_IN_FLIGHT, "memloop-a2a-turn");
      ExecutorService requests = Executors.newFixedThreadPool(2, named("memloop-a2a-http"));
      ExecutorService bodies = bounded(MAX_IN_FLIGHT, "memloop-a2a-request");
      java.util.concurrent.ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(
          named("memloop-a2a-deadline"));
      InMemoryTaskStore tasks = new InMemoryTaskStore();
      DefaultRequestHandler handler = DefaultRequestHandler.create(new AgentTurns(agent, turnDeadline), tasks,
          new InMemoryQueueManager(tasks), new InMemoryPushNotificationConfigStore(),
          task -> { }, // push notifications are not offered: nothing is ever sent to a URL a client names
          turns);
      JSONRPCHandler rpc = new JSONRPCHandler(card, handler, turns);
      http.setExecutor(requests);
      http.createContext(CARD_PATH, exchange -> serveCard(exchange, card));
      long readNanos = readDeadline.toNanos();
      http.createContext("/", exchange -> bodies.execute(() -> serveRpc(exchange, rpc, deadlines, readNanos)));
      http.start();
      return new A2aServer(http, requests, bodies, turns, deadlines, card, base);
    }
  }

  private static void serveCard(HttpExchange exchange, AgentCard card) throws IOException {
    try (exchange) {
      if (!"GET".equals(exchange.getRequestMethod())) {
        send(exchange, 405, "{\"error\":\"GET the agent card\"}");
        return;
      }
      send(exchange, 200, Utils.OBJECT_MAPPER.writeValueAsString(card));
    }
  }

  /**
   * One JSON-RPC request, on a reader of its own: the body read within {@code readNanos} (past it the connection is
   * closed, and the blocked read with it), then answered.
   */
  private static void serveRpc(HttpExchange exchange, JSONRPCHandler rpc,
      java.util.concurrent.ScheduledExecutorService deadlines, long readNanos) {
    try (exchange) {
      if (!"POST".equals(exchange.getRequestMethod()) || !"/".equals(exchange.getRequestURI().getPath())) {
        send(exchange, 404, "{\"error\":\"A2A JSON-RPC requests are posted to /; the agent card is at "
            + CARD_PATH + "\"}");
        return;
      }
      byte[] body;
      // past the deadline the reader is interrupted: the exchange reads from an interruptible socket channel, which
      // an interrupt closes, and the blocked read ends with it (closing the exchange instead would drain the body)
      Thread reader = Thread.currentThread();
      java.util.concurrent.ScheduledFuture<?> closer = deadlines.schedule(reader::interrupt, readNanos,
          TimeUnit.NANOSECONDS);
      try {
        InputStream in = exchange.getRequestBody();
        body = in.readNBytes(MAX_REQUEST + 1);
      } finally {
        closer.cancel(false);
        Thread.interrupted(); // the pool's thread goes back clear
      }
      if (body.length > MAX_REQUEST) {
        send(exchange, 413, "{\"error\":\"a request is at most " + MAX_REQUEST + " bytes\"}");
        return;
      }
      send(exchange, 200, Utils.OBJECT_MAPPER.writeValueAsString(JsonRpcRequests.answer(body, rpc)));
    } catch (IOException | RuntimeException gone) {
      // a client that did not send its body in time, or went away: its connection is closed, nothing to answer
    }
  }

  /** A pool of at most {@code most} threads, made as needed and let go when idle. */
  private static ExecutorService bounded(int most, String prefix) {
    java.util.concurrent.ThreadPoolExecutor pool = new java.util.concurrent.ThreadPoolExecutor(most, most, 30,
        TimeUnit.SECONDS, new java.util.concurrent.LinkedBlockingQueue<>(), named(prefix));
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  private static void send(HttpExchange exchange, int status, String json) throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static ThreadFactory named(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  private static String version() {
    String version = A2aServer.class.getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }
}
