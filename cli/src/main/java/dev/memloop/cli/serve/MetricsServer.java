package dev.memloop.cli.serve;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.completeOK;
import static org.apache.pekko.http.javadsl.server.Directives.concat;
import static org.apache.pekko.http.javadsl.server.Directives.get;
import static org.apache.pekko.http.javadsl.server.Directives.optionalHeaderValueByName;
import static org.apache.pekko.http.javadsl.server.Directives.respondWithHeader;
import static org.apache.pekko.http.javadsl.server.Directives.getFromResource;
import static org.apache.pekko.http.javadsl.server.Directives.path;
import static org.apache.pekko.http.javadsl.server.Directives.pathSingleSlash;

import dev.memloop.auth.AccessTokens;
import dev.memloop.auth.Principal;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.marshalling.sse.EventStreamMarshalling;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpCharsets;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.MediaTypes;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;
import org.apache.pekko.http.javadsl.model.sse.ServerSentEvent;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.stream.javadsl.Source;

/**
 * {@code --serve}: {@code /metrics} in the Prometheus text format, {@code /} the live page, {@code /live} its
 * server-sent events (one {@link LiveView} object a second), and the page's script and charts from the jar.
 *
 * <p>Bound in the command's own actor system (the fleet's, the node's), on its default dispatcher, not the agents':
 * a second actor system beside a fleet measured 15-20% fewer steps/s on two cores, even with nothing bound
 * (docs/BENCHMARKS.md). Closing unbinds; the system is the command's to terminate.
 */
public final class MetricsServer implements AutoCloseable {

  static final Duration BIND = Duration.ofSeconds(10);
  static final Duration TICK = Duration.ofSeconds(1);
  private static final String PAGE = "dev/memloop/cli/serve/";
  private static final String UPLOT = "META-INF/resources/webjars/uplot/" + UplotVersion.VERSION + "/dist/";

  private final ServerBinding binding;
  private final ServeAddress address;

  private MetricsServer(ServerBinding binding, ServeAddress address) {
    this.binding = binding;
    this.address = address;
  }

  /**
   * @param flag the flag the address came from, named if the bind fails
   * @throws IllegalArgumentException naming the flag and the address when the port is in use or the address cannot be
   *     bound; nothing is left running
   */
  public static MetricsServer start(ServeAddress address, String flag, PrometheusMeterRegistry registry, LiveView live,
      ActorSystem<?> system) throws InterruptedException {
    return start(address, flag, registry, live, null, system);
  }

  /**
   * As above, answering only a bearer token {@code tokens} accepts with {@code memory:read} (null: anyone who reaches
   * the address).
   */
  public static MetricsServer start(ServeAddress address, String flag, PrometheusMeterRegistry registry, LiveView live,
      AccessTokens tokens, ActorSystem<?> system) throws InterruptedException {
    Ports.refuseTaken(address.host(), address.port(), flag);
    try {
      ServerBinding binding = Http.get(system).newServerAt(address.host(), address.port())
          .bind(guarded(tokens, route(registry, live))).toCompletableFuture().get(BIND.toSeconds(), TimeUnit.SECONDS);
      return new MetricsServer(binding, address);
    } catch (ExecutionException e) {
      throw new IllegalArgumentException(flag + " " + address.host() + ":" + address.port() + ": cannot bind ("
          + why(e.getCause()) + ")");
    } catch (TimeoutException e) {
      throw new IllegalArgumentException(flag + " " + address.host() + ":" + address.port() + ": not bound within "
          + BIND.toSeconds() + " s");
    }
  }

  /** Why a bind failed, in words. */
  private static String why(Throwable failure) {
    String why = Ports.why(failure);
    return why != null ? why : String.valueOf(failure);
  }

  static Route route(PrometheusMeterRegistry registry, LiveView live) {
    return get(() -> concat(
        path("metrics", () -> complete(HttpEntities.create(
            MediaTypes.TEXT_PLAIN.toContentType(HttpCharsets.UTF_8), registry.scrape()))),
        path("live", () -> completeOK(events(live), EventStreamMarshalling.toEventStream())),
        pathSingleSlash(() -> getFromResource(PAGE + "index.html", ContentTypes.TEXT_HTML_UTF8)),
        path("live.js", () -> getFromResource(PAGE + "live.js")),
        path("uPlot.iife.min.js", () -> getFromResource(UPLOT + "uPlot.iife.min.js")),
        path("uPlot.min.css", () -> getFromResource(UPLOT + "uPlot.min.css"))));
  }

  /**
   * {@code inner} for a caller whose token {@code tokens} accepts with {@code memory:read}, given as {@code
   * Authorization: Bearer TOKEN} (Prometheus's {@code authorization} setting) or as the password of {@code Basic}
   * (what a browser's sign-in prompt sends, the page's events included); else 401 with a {@code Basic} challenge, so
   * that a browser asks. No token is logged or echoed.
   */
  static Route guarded(AccessTokens tokens, Route inner) {
    if (tokens == null) {
      return inner;
    }
    return optionalHeaderValueByName("Authorization", header -> tokens.authenticate(token(header.orElse(null)))
        .filter(principal -> principal.may(Principal.READ)).isPresent() ? inner
        : respondWithHeader(RawHeader.create("WWW-Authenticate", "Basic realm=\"memloop\", charset=\"UTF-8\""),
            () -> complete(StatusCodes.UNAUTHORIZED, "a token with memory:read is needed: Authorization: Bearer "
                + "TOKEN, or TOKEN as the password")));
  }

  /** The token in an {@code Authorization} header: a bearer token, or a basic one's password; else null. */
  static String token(String authorization) {
    if (authorization == null) {
      return null;
    }
    String bearer = AccessTokens.bearerToken(authorization);
    if (bearer != null) {
      return bearer;
    }
    if (authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
      try {
        String pair = new String(java.util.Base64.getDecoder().decode(authorization.substring(6).strip()),
            java.nio.charset.StandardCharsets.UTF_8);
        int colon = pair.indexOf(':');
        return colon < 0 ? null : pair.substring(colon + 1);
      } catch (IllegalArgumentException notBase64) {
        return null;
      }
    }
    return null;
  }

  /** One snapshot of {@code live} a second, for as long as the page listens. */
  private static Source<ServerSentEvent, NotUsed> events(LiveView live) {
    return Source.tick(Duration.ZERO, TICK, "tick").map(tick -> ServerSentEvent.create(live.json()))
        .mapMaterializedValue(cancellable -> NotUsed.getInstance());
  }

  /** The port bound (the one asked for, or the one chosen for port 0). */
  public int port() {
    return binding.localAddress().getPort();
  }

  public String url() {
    return address.url(port());
  }

  /** Stops listening (connections open now are closed with the actor system). */
  @Override
  public void close() {
    try {
      binding.unbind().toCompletableFuture().get(BIND.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      // not unbound in time: the actor system's termination closes the socket
    }
  }
}
