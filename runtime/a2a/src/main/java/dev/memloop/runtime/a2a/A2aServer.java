package dev.memloop.runtime.a2a;

import dev.memloop.auth.Loopback;
import com.sun.net.httpserver.HttpServer;
import dev.memloop.auth.AccessTokens;
import dev.memloop.runtime.AgentHandle;
import io.a2a.server.events.InMemoryQueueManager;
import io.a2a.server.requesthandlers.DefaultRequestHandler;
import io.a2a.server.tasks.InMemoryPushNotificationConfigStore;
import io.a2a.server.tasks.InMemoryTaskStore;
import io.a2a.spec.AgentCapabilities;
import io.a2a.spec.AgentCard;
import io.a2a.spec.AgentSkill;
import io.a2a.spec.HTTPAuthSecurityScheme;
import io.a2a.spec.TransportProtocol;
import io.a2a.transport.jsonrpc.handler.JSONRPCHandler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

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

  /** Serves one agent: every caller's messages are its turns, in its one memory ({@link Partition#SHARED}). */
  public static Builder builder(AgentHandle agent) {
    if (agent == null) {
      throw new IllegalArgumentException("an A2A server needs the agent it serves");
    }
    return new Builder(agent.id(), agent, null);
  }

  /**
   * Serves an agent per principal or per A2A {@code contextId} ({@link Builder#partition}): {@code agentFor} makes
   * the agent for a key on its first message (start it with an id of its own; the key may be any text), and the
   * server keeps it. By default per principal when {@link Builder#access} is set, else per context.
   *
   * @param name the name the card gives
   */
  public static Builder builder(String name, java.util.function.Function<String, AgentHandle> agentFor) {
    if (name == null || name.isBlank() || agentFor == null) {
      throw new IllegalArgumentException("a partitioned A2A server needs a name and a function from a key to its "
          + "agent");
    }
    return new Builder(name, null, agentFor);
  }

  /** Whose memory a message goes to. */
  public enum Partition {
    /** One agent, one memory, for every caller (what {@link #builder(AgentHandle)} serves). */
    SHARED,
    /** An agent per authenticated principal: one caller never reads another's memory. Needs access. */
    PRINCIPAL,
    /** An agent per A2A {@code contextId}: a conversation's memory is its own. */
    CONTEXT
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

    private final String name;
    private final AgentHandle agent;
    private final java.util.function.Function<String, AgentHandle> agentFor;
    private Partition partition;
    private AccessTokens access;
    private String description;
    private Duration turnDeadline = Duration.ofMinutes(5);
    private Duration readDeadline = Duration.ofSeconds(10);
    private final List<AgentSkill> skills = new ArrayList<>();

    private Builder(String name, AgentHandle agent, java.util.function.Function<String, AgentHandle> agentFor) {
      this.name = name;
      this.agent = agent;
      this.agentFor = agentFor;
      this.description = "memloop agent " + name;
    }

    /**
     * Answers only callers with a bearer token {@code tokens} accepts ({@code 401} otherwise, with the tokens'
     * {@code WWW-Authenticate}); {@code message/send} needs {@code memory:write}, the rest {@code memory:read}
     * ({@code 403 insufficient_scope}). The card stays public and declares the bearer scheme. A task is answered to
     * the principal whose message made it, alone.
     */
    public Builder access(AccessTokens tokens) {
      if (tokens == null) {
        throw new IllegalArgumentException("access needs the tokens to accept");
      }
      this.access = tokens;
      return this;
    }

    /** Whose memory a message goes to (a server built on a function only; one agent is always shared). */
    public Builder partition(Partition by) {
      if (by == null) {
        throw new IllegalArgumentException("a partition is SHARED, PRINCIPAL or CONTEXT");
      }
      this.partition = by;
      return this;
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
      Partition by = partition != null ? partition : agent != null ? Partition.SHARED
          : access != null ? Partition.PRINCIPAL : Partition.CONTEXT;
      if (agent != null && by != Partition.SHARED) {
        throw new IllegalArgumentException("one agent is one memory, shared: to keep a memory per " + by.name()
            .toLowerCase(java.util.Locale.ROOT) + ", build the server on a function from a key to an agent");
      }
      if (by == Partition.PRINCIPAL && access == null) {
        throw new IllegalArgumentException("a memory per principal needs access(tokens): without authentication "
            + "there is no principal");
      }
      if (access == null && !Loopback.is(host)) {
        throw new IllegalArgumentException("A2A server " + name + ": " + host + " is beyond loopback, and a server "
            + "there must authenticate its callers: set access(tokens)");
      }
      Partitions partitions = new Partitions(by, agent, agentFor != null ? agentFor : key -> agent);
      HttpServer http;
      try {
        http = HttpServer.create(new InetSocketAddress(host, port), 64);
      } catch (IOException | RuntimeException e) {
        throw new IllegalArgumentException("A2A server " + name + ": cannot serve on " + host + ":"
            + port + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
      }
      String shownHost = host.contains(":") ? "[" + host + "]" : host;
      String base = "http://" + shownHost + ":" + http.getAddress().getPort();
      List<AgentSkill> listed = skills.isEmpty() ? List.of(new AgentSkill.Builder().id("turn").name("turn")
          .description("One turn of the agent: it reads the message, recalls from its memory and answers")
          .tags(List.of("memloop")).build()) : List.copyOf(skills);
      AgentCard.Builder cardBuilder = new AgentCard.Builder().name(name).description(description + " (memory: "
          + partitions.described() + ")").url(base + "/")
          .version(version()).capabilities(new AgentCapabilities.Builder().streaming(false).pushNotifications(false)
              .stateTransitionHistory(false).build())
          .defaultInputModes(List.of("text")).defaultOutputModes(List.of("text")).skills(listed)
          .preferredTransport(TransportProtocol.JSONRPC.asString()).protocolVersion("0.3.0");
      if (access != null) {
        cardBuilder.securitySchemes(java.util.Map.of("bearer", new HTTPAuthSecurityScheme.Builder().scheme("bearer")
            .description("Authorization: Bearer TOKEN; message/send needs memory:write, tasks memory:read").build()))
            .security(List.of(java.util.Map.of("bearer", List.of())));
      }
      AgentCard card = cardBuilder.build();
      // Three pools, so that no client can hold what another needs: the server's own threads only dispatch (the card
      // is answered there, at once); a request's body is read and answered on a reader of its own, within the read
      // deadline; a turn runs on a thread of its own and ends by its deadline. Readers and turns are bounded, not
      // fixed at four: four slow uploads used to hold every thread, and the card timed out behind them.
      ExecutorService turns = Pools.bounded(MAX_IN_FLIGHT, "memloop-a2a-turn");
      ExecutorService requests = Executors.newFixedThreadPool(2, Pools.named("memloop-a2a-http"));
      ExecutorService bodies = Pools.bounded(MAX_IN_FLIGHT, "memloop-a2a-request");
      java.util.concurrent.ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(
          Pools.named("memloop-a2a-deadline"));
      InMemoryTaskStore tasks = new InMemoryTaskStore();
      DefaultRequestHandler handler = DefaultRequestHandler.create(new AgentTurns(partitions, turnDeadline), tasks,
          new InMemoryQueueManager(tasks), new InMemoryPushNotificationConfigStore(),
          task -> { }, // push notifications are not offered: nothing is ever sent to a URL a client names
          turns);
      JSONRPCHandler rpc = new JSONRPCHandler(card, handler, turns);
      http.setExecutor(requests);
      http.createContext(CARD_PATH, exchange -> A2aExchanges.serveCard(exchange, card));
      long readNanos = readDeadline.toNanos();
      A2aExchanges.Door door = new A2aExchanges.Door(access,
          access == null ? null : new java.util.concurrent.ConcurrentHashMap<>());
      http.createContext("/", exchange -> bodies.execute(() -> A2aExchanges.serveRpc(exchange, rpc, door, deadlines,
          readNanos)));
      http.start();
      return new A2aServer(http, requests, bodies, turns, deadlines, card, base);
    }
  }


  private static String version() {
    String version = A2aServer.class.getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }
}
