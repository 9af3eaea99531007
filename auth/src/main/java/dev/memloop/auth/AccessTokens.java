package dev.memloop.auth;

import java.util.Optional;

/**
 * What an HTTP server accepts as a bearer token, and whom each stands for: a file of hashed tokens
 * ({@link BearerTokens}, {@code --auth token}) or an OAuth issuer's signed JWTs ({@link OAuthTokens},
 * {@code --auth oauth}), for {@code memloop mcp} and the A2A server alike. Implementations are thread-safe and never
 * log, echo or keep a presented token.
 */
public interface AccessTokens {

  /** The principal {@code token} stands for, or empty when it is not one this server accepts (or is null). */
  Optional<Principal> authenticate(String token);

  /**
   * What a refused request's {@code WWW-Authenticate} says (RFC 6750): {@code Bearer realm="memloop"} unless the
   * tokens say more (an OAuth resource server points at its protected resource metadata, RFC 9728).
   *
   * @param error null (no token was given), {@code invalid_token} or {@code insufficient_scope}
   * @param scope the scope that was missing, with {@code insufficient_scope}, else null
   */
  default String challenge(String error, String scope) {
    return bearer("realm=\"memloop\"", error, scope);
  }

  /** The token of an {@code Authorization: Bearer TOKEN} header (the scheme in any case), or null for any other. */
  static String bearerToken(String authorization) {
    return authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
        ? authorization.substring(7).strip() : null;
  }

  /** {@code Bearer FIRST[, error="ERROR"][, scope="SCOPE"]}. */
  static String bearer(String first, String error, String scope) {
    StringBuilder challenge = new StringBuilder("Bearer ").append(first);
    if (error != null) {
      challenge.append(", error=\"").append(error).append('"');
    }
    if (scope != null) {
      challenge.append(", scope=\"").append(scope).append('"');
    }
    return challenge.toString();
  }
}
