package dev.memloop.mcp;

import dev.memloop.auth.AccessTokens;
import dev.memloop.auth.Principal;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * What stands first before {@code /mcp}: a foreign {@code Origin} is 403; with tokens, a request without a bearer token
 * the file lists is 401 with {@code WWW-Authenticate: Bearer}, and one with a token goes on with its principal as the
 * request attribute {@value #PRINCIPAL} (the tools read it: authorship and scopes). A token is never logged or echoed.
 * Thread-safe.
 */
final class HttpAccessFilter extends HttpFilter {

  /** The request attribute the authenticated principal travels under. */
  static final String PRINCIPAL = "memloop.principal";

  private static final long serialVersionUID = 1L;

  private final transient HttpAccess access;
  private final boolean loopbackServer;

  HttpAccessFilter(HttpAccess access, boolean loopbackServer) {
    this.access = access;
    this.loopbackServer = loopbackServer;
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (!access.admitsOrigin(request.getHeader("Origin"), loopbackServer)) {
      refuse(response, 403, null, "this server does not answer pages from that origin (--allow-origin names those "
          + "it does)");
      return;
    }
    if (access.tokens() != null) {
      String token = AccessTokens.bearerToken(request.getHeader("Authorization"));
      Optional<Principal> principal = access.tokens().authenticate(token);
      if (principal.isEmpty()) {
        refuse(response, 401, access.challenge(token == null ? null : "invalid_token", null), token == null
            ? "a bearer token is needed (Authorization: Bearer TOKEN)" : "the bearer token is not one this server "
            + "accepts");
        return;
      }
      request.setAttribute(PRINCIPAL, principal.get());
    }
    chain.doFilter(request, response);
  }

  static void refuse(HttpServletResponse response, int status, String challenge, String message)
      throws IOException {
    response.setStatus(status);
    if (challenge != null) {
      response.setHeader("WWW-Authenticate", challenge);
    }
    response.setContentType("application/json");
    byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32001,\"message\":\""
        + message.replace("\"", "'") + "\"}}").getBytes(StandardCharsets.UTF_8);
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }
}
