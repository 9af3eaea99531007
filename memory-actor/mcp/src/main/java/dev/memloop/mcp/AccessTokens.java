package dev.memloop.mcp;

import java.util.Optional;

/**
 * What an HTTP server accepts as a bearer token, and whom each stands for: a file of hashed tokens
 * ({@link BearerTokens}, {@code --auth token}) or an OAuth issuer's signed JWTs ({@link OAuthTokens},
 * {@code --auth oauth}). Implementations are thread-safe and never log, echo or keep a presented token.
 */
public interface AccessTokens {

  /** The principal {@code token} stands for, or empty when it is not one this server accepts (or is null). */
  Optional<Principal> authenticate(String token);
}
