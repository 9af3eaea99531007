package dev.memloop.mcp;

import dev.memloop.auth.AccessTokens;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Who may call an HTTP server ({@link HttpMcpServer}): the bearer tokens it accepts (null: any caller, which only a
 * loopback server may allow), and the browser origins it answers. A request that carries an {@code Origin} must come
 * from one of {@code allowedOrigins} or, on a loopback server, from a loopback page (localhost, 127.0.0.1, [::1]):
 * else 403, so that a page a browser loaded elsewhere cannot reach the memory through the user's browser (DNS
 * rebinding, which MCP's transport asks servers to guard against). A request without one (a program, not a browser)
 * passes this check.
 *
 * @param tokens the accepted tokens (a file's, or an OAuth issuer's), or null for no authentication
 * @param allowedOrigins origins as a browser sends them ({@code https://app.example.com}), exactly
 */
public record HttpAccess(AccessTokens tokens, List<String> allowedOrigins) {

  /** No authentication, loopback pages only: what a loopback server without options gets. */
  public static final HttpAccess LOOPBACK = new HttpAccess(null, List.of());

  private static final Set<String> LOOPBACK_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

  public HttpAccess {
    allowedOrigins = List.copyOf(allowedOrigins);
    for (String origin : allowedOrigins) {
      checkOrigin(origin);
    }
  }

  /**
   * Refuses an origin that is not {@code scheme://host[:port]}, naming it.
   *
   * @return the origin
   */
  public static String checkOrigin(String origin) {
    URI uri;
    try {
      uri = origin == null ? null : new URI(origin);
    } catch (java.net.URISyntaxException e) {
      uri = null;
    }
    if (uri == null || uri.getScheme() == null || uri.getHost() == null || (uri.getPath() != null
        && !uri.getPath().isEmpty()) || uri.getQuery() != null || uri.getUserInfo() != null) {
      throw new IllegalArgumentException("--allow-origin must be an origin as a browser sends it, scheme://host[:port] "
          + "(https://app.example.com): '" + origin + "'");
    }
    return origin;
  }

  /** What a refused request's {@code WWW-Authenticate} says: the tokens' own challenge. */
  String challenge(String error, String scope) {
    return tokens.challenge(error, scope);
  }

  /** Whether a request with {@code origin} (null: none) may be answered by a server bound to loopback or not. */
  boolean admitsOrigin(String origin, boolean loopbackServer) {
    if (origin == null) {
      return true;
    }
    if (allowedOrigins.contains(origin)) {
      return true;
    }
    if (!loopbackServer) {
      return false;
    }
    try {
      String host = new URI(origin).getHost();
      return host != null && LOOPBACK_HOSTS.contains(host.toLowerCase(Locale.ROOT));
    } catch (java.net.URISyntaxException e) {
      return false;
    }
  }
}
