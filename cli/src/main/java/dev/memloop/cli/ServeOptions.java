package dev.memloop.cli;

import dev.memloop.cli.command.Durations;
import dev.memloop.auth.AccessTokens;
import dev.memloop.auth.BearerTokens;
import dev.memloop.cli.command.Options;
import dev.memloop.cli.serve.LiveView;
import dev.memloop.cli.serve.MeterRegistries;
import dev.memloop.cli.serve.MetricsServer;
import dev.memloop.cli.serve.ServeAddress;
import dev.memloop.memory.timing.Units;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.PrintWriter;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --serve HOST:PORT}, {@code --serve-public} and {@code --linger DURATION}, shared by the commands that can be
 * watched while they run. Without {@code --serve} nothing is recorded and nothing listens.
 */
final class ServeOptions {

  /** The longest --linger: a day (a run watched longer than that wants a node, not a lingering fleet). */
  static final Duration MAX_LINGER = Duration.ofDays(1);

  @Option(names = "--serve", paramLabel = "HOST:PORT",
      description = "Serve /metrics (Prometheus text format) and a live page at / while the command runs, as in "
          + "127.0.0.1:9464 (loopback unless --serve-public; port 0 picks a free one).")
  String serve;

  @Option(names = "--serve-public", description = "Allow --serve on an address other than loopback (needs "
      + "--serve-tokens).")
  boolean servePublic;

  @Option(names = "--serve-tokens", paramLabel = "FILE", description = "With --serve: answer only a bearer token this "
      + "file lists with memory:read (SHA256-HEX PRINCIPAL SCOPES lines, as memloop mcp --tokens); a browser gives it "
      + "as the password of the page's sign-in prompt. Needed with --serve-public.")
  java.nio.file.Path serveTokens;

  @Option(names = "--linger", converter = Durations.class, paramLabel = "DURATION",
      description = "With --serve, keep serving this long after the run ends, as in 30s (default: 0s).")
  Duration linger;

  /**
   * What a served run records into and, once {@link #bind bound} in the command's actor system, who reads it;
   * {@link #NONE} when not served.
   */
  static final class Serving implements AutoCloseable {
    static final Serving NONE = new Serving(null, null, null, null, Duration.ZERO, null);

    /** The system property that turns mailbox counting off while serving. */
    static final String COUNT_MAILBOXES = "memloop-cli.count-mailboxes";

    private final MeterRegistries.Served served;
    private final ServeAddress address;
    private final LiveView live;
    private final String value;
    private final Duration linger;
    private final AccessTokens tokens; // null: anyone who reaches a loopback address
    private MetricsServer server;

    private Serving(MeterRegistries.Served served, ServeAddress address, LiveView live, String value,
        Duration linger, AccessTokens tokens) {
      this.served = served;
      this.address = address;
      this.live = live;
      this.value = value;
      this.linger = linger;
      this.tokens = tokens;
    }

    boolean on() {
      return served != null;
    }

    /**
     * The actor system's config for this run: served, memloop's actors count the messages waiting in their mailboxes
     * (the {@code memloop_mailbox_backlog} gauge); {@code -Dmemloop-cli.count-mailboxes=false} leaves Pekko's own
     * mailbox (how its cost was measured).
     */
    com.typesafe.config.Config systemConfig(com.typesafe.config.Config root) {
      boolean count = on() && !"false".equals(System.getProperty(COUNT_MAILBOXES));
      if (count) {
        dev.memloop.runtime.metrics.CountingMailbox.bindTo(served.registry());
      }
      return count ? dev.memloop.runtime.metrics.CountingMailbox.enable(root) : root;
    }

    /**
     * Starts serving from {@code system}, before the run writes anything: an address that cannot be bound is a
     * refused command line, and nothing has changed.
     */
    void bind(CommandLine.Model.CommandSpec spec, org.apache.pekko.actor.typed.ActorSystem<?> system) {
      if (!on()) {
        return;
      }
      server = Options.valid(spec, () -> {
        try {
          return MetricsServer.start(address, "--serve", served.registry(), live, tokens, system);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while binding --serve " + value);
        }
      });
    }

    MeterRegistry registry() {
      return served.registry();
    }

    String url() {
      return server.url();
    }

    /** Says where the page and the metrics are (nothing when not served). */
    void announce(PrintWriter console) {
      if (server != null) {
        console.println("serving " + url() + " (Prometheus: " + url() + "metrics)");
        console.flush();
      }
    }

    /** Keeps serving for --linger, saying so, then stops listening (before the actor system terminates). */
    void linger(PrintWriter console) throws InterruptedException {
      if (live != null) {
        live.finish(); // the page says the run ended, with its final figures, for as long as it is served
      }
      if (server != null && !linger.isZero()) {
        console.println("serving " + url() + " for " + Units.config(linger) + " more (--linger)");
        console.flush();
        Thread.sleep(linger.toMillis());
      }
      unbind();
    }

    private void unbind() {
      if (server != null) {
        server.close();
        server = null;
      }
    }

    @Override
    public void close() {
      unbind();
      if (served != null) {
        served.close();
      }
    }
  }

  /** Checks the flags, naming the bad one; before anything runs. */
  void check(CommandLine.Model.CommandSpec spec) {
    Options.require(spec, serve != null || (linger == null && !servePublic),
        (linger != null ? "--linger" : "--serve-public") + " needs --serve HOST:PORT");
    Options.require(spec, serve != null || serveTokens == null, "--serve-tokens needs --serve HOST:PORT");
    Options.require(spec, !servePublic || serveTokens != null, "--serve-public needs --serve-tokens FILE: what is "
        + "served beyond loopback must authenticate its callers");
    Options.require(spec, linger == null || linger.compareTo(MAX_LINGER) <= 0,
        "--linger must be <= 1d: " + (linger == null ? "" : Units.config(linger)));
    if (serve != null) {
      Options.valid(spec, () -> ServeAddress.parse(serve, "--serve", servePublic));
    }
    if (serveTokens != null) {
      Options.valid(spec, this::tokens);
    }
  }

  private BearerTokens tokens() {
    try {
      return BearerTokens.read(serveTokens);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--serve-tokens " + e.getMessage(), e);
    }
  }

  /**
   * The registry a served run records into, or {@link Serving#NONE} without --serve; {@link Serving#bind} serves it.
   *
   * @param title what the page shows at its top
   */
  Serving start(CommandLine.Model.CommandSpec spec, String title) {
    if (serve == null) {
      return Serving.NONE;
    }
    ServeAddress address = Options.valid(spec, () -> ServeAddress.parse(serve, "--serve", servePublic));
    MeterRegistries.Served served = MeterRegistries.prometheus();
    return new Serving(served, address, new LiveView(served.registry(), title), serve,
        linger == null ? Duration.ZERO : linger, serveTokens == null ? null : Options.valid(spec, this::tokens));
  }
}
