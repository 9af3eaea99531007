package dev.memloop.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An OAuth 2.1 authorization server's JWT access tokens ({@code memloop mcp --auth oauth --issuer URL --audience
 * URL}), as MCP's authorization specification asks of a resource server. The issuer's metadata is read once at start
 * (RFC 8414's {@code /.well-known/oauth-authorization-server}, else OpenID Connect's {@code openid-configuration}; its
 * {@code issuer} must be the one configured), then its {@code jwks_uri}: keys cached five minutes and fetched again,
 * at most once in 30 seconds, when a token names a key the cache lacks. A token is accepted only when it is a JWS
 * signed with a public-key algorithm ({@link #ALGORITHMS}: never {@code none}, never HMAC, so a token signed with
 * the issuer's public key as an HMAC secret fails) by one of those keys, of type {@code JWT} or {@code at+jwt}, with
 * {@code iss} the issuer, {@code aud} holding the audience (RFC 8707: a token minted for another resource is refused),
 * an {@code exp} not passed and an {@code nbf} reached (60 seconds of skew), and a string principal claim. Scopes come
 * from {@code scope} (space-separated) or {@code scp} (a list or a string); those not the memory's are dropped.
 *
 * <p>Every call to the issuer has a deadline (5 s to connect, 10 s to answer). No token is logged or kept. Thread-safe.
 */
public final class OAuthTokens implements AccessTokens {

  /** The signature algorithms accepted: RSA, RSA-PSS and elliptic curves, never {@code none} or HMAC. */
  public static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384,
      JWSAlgorithm.RS512, JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512, JWSAlgorithm.ES256,
      JWSAlgorithm.ES384, JWSAlgorithm.ES512);

  /** The well-known prefix of protected resource metadata (RFC 9728). */
  public static final String RESOURCE_METADATA = "/.well-known/oauth-protected-resource";

  private static final Duration CONNECT = Duration.ofSeconds(5);
  private static final Duration ANSWER = Duration.ofSeconds(10);
  private static final int MAX_DOCUMENT = 512 * 1024;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String issuer;
  private final String audience;
  private final String principalClaim;
  private final DefaultJWTProcessor<SecurityContext> processor;

  /** Checks tokens against keys from {@code keys} (what {@link #discover} builds; tests give their own). */
  OAuthTokens(String issuer, String audience, String principalClaim, JWKSource<SecurityContext> keys) {
    this.issuer = issuer;
    this.audience = audience;
    this.principalClaim = principalClaim;
    processor = new DefaultJWTProcessor<>();
    processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT,
        new JOSEObjectType("at+jwt"), null));
    processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
    processor.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(Set.of(audience),
        new JWTClaimsSet.Builder().issuer(issuer).build(), Set.of(principalClaim, "exp"), null));
  }

  /**
   * Reads the issuer's metadata and key set location, and checks tokens by them.
   *
   * @param issuer the authorization server's issuer identifier, exactly as its metadata gives it (https, or http on
   *     loopback)
   * @param audience this server's resource identifier, the {@code aud} tokens must carry (its public URL)
   * @param principalClaim the claim that names the principal ({@code sub} unless the issuer puts it elsewhere)
   * @throws IllegalArgumentException naming the flag and value when a URL is not one, the issuer is plain http
   *     beyond loopback, or its metadata cannot be read or names another issuer
   */
  public static OAuthTokens discover(String issuer, String audience, String principalClaim) {
    URI issuerUri = checkUrl("--issuer", issuer);
    checkUrl("--audience", audience);
    if (principalClaim == null || !principalClaim.matches("[A-Za-z0-9_.:/-]+")) {
      throw new IllegalArgumentException("--principal-claim must name a claim (sub, email, oid): '" + principalClaim
          + "'");
    }
    if ("http".equals(issuerUri.getScheme()) && !Loopback.is(issuerUri.getHost())) {
      throw new IllegalArgumentException("--issuer must be https (plain http only on loopback): '" + issuer + "'");
    }
    JsonNode metadata = metadata(issuerUri);
    String said = metadata.path("issuer").asText("");
    if (!said.equals(issuer)) {
      throw new IllegalArgumentException("--issuer " + issuer + ": its metadata names the issuer '" + said + "' (give "
          + "--issuer exactly as the server says it)");
    }
    String jwks = metadata.path("jwks_uri").asText("");
    URL jwksUrl;
    try {
      jwksUrl = URI.create(jwks).toURL();
    } catch (IllegalArgumentException | java.net.MalformedURLException e) {
      throw new IllegalArgumentException("--issuer " + issuer + ": its metadata has no usable jwks_uri: '" + jwks
          + "'", e);
    }
    JWKSource<SecurityContext> keys = JWKSourceBuilder.<SecurityContext>create(jwksUrl, new DefaultResourceRetriever(
        (int) CONNECT.toMillis(), (int) ANSWER.toMillis(), MAX_DOCUMENT)).retrying(false).build();
    return new OAuthTokens(issuer, audience, principalClaim, keys);
  }

  @Override
  public Optional<Principal> authenticate(String token) {
    return Optional.ofNullable(check(token).principal());
  }

  /** The issuer tokens must come from. */
  public String issuer() {
    return issuer;
  }

  /** This server's resource identifier, the audience tokens must name. */
  public String audience() {
    return audience;
  }

  /**
   * Where this server's protected resource metadata is (RFC 9728): the audience's origin, the well-known prefix, then
   * the audience's path ({@code https://memory.example.com/.well-known/oauth-protected-resource/mcp}).
   */
  public String resourceMetadataUrl() {
    URI uri = URI.create(audience);
    String path = uri.getRawPath() == null || uri.getRawPath().equals("/") ? "" : uri.getRawPath();
    return uri.getScheme() + "://" + uri.getRawAuthority() + RESOURCE_METADATA + path;
  }

  /** {@code Bearer resource_metadata="..."}: where a client finds the issuer (RFC 9728). */
  @Override
  public String challenge(String error, String scope) {
    return AccessTokens.bearer("resource_metadata=\"" + resourceMetadataUrl() + "\"", error, scope);
  }

  /** This server's protected resource metadata (RFC 9728), as JSON: its audience, issuer and scopes. */
  public String resourceMetadata() {
    com.fasterxml.jackson.databind.node.ObjectNode metadata = JSON.createObjectNode().put("resource", audience);
    metadata.putArray("authorization_servers").add(issuer);
    Principal.SCOPES.forEach(metadata.putArray("scopes_supported")::add);
    metadata.putArray("bearer_methods_supported").add("header");
    metadata.put("resource_name", "memloop memory");
    return metadata.toString();
  }

  /** A token's principal, or why it was refused (for tests and debugging; never shown to the caller). */
  record Check(Principal principal, String refusal) {}

  Check check(String token) {
    if (token == null || token.isEmpty()) {
      return new Check(null, "no token");
    }
    JWTClaimsSet claims;
    try {
      claims = processor.process(token, null);
    } catch (java.text.ParseException | BadJOSEException | JOSEException e) {
      return new Check(null, e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    Object name = claims.getClaim(principalClaim);
    if (!(name instanceof String s) || s.isEmpty()) {
      return new Check(null, "the claim " + principalClaim + " is not a string");
    }
    return new Check(new Principal(s, scopes(claims)), null);
  }

  private static Set<String> scopes(JWTClaimsSet claims) {
    Set<String> scopes = new LinkedHashSet<>();
    Object scope = claims.getClaim("scope");
    if (scope instanceof String s) {
      scopes.addAll(List.of(s.trim().split("\\s+")));
    }
    Object scp = claims.getClaim("scp");
    if (scp instanceof String s) {
      scopes.addAll(List.of(s.trim().split("\\s+")));
    } else if (scp instanceof List<?> list) {
      list.forEach(item -> scopes.add(String.valueOf(item)));
    }
    return scopes;
  }

  /** RFC 8414's location first (path inserted after the well-known prefix), then OpenID Connect's (appended). */
  private static JsonNode metadata(URI issuer) {
    String origin = issuer.getScheme() + "://" + issuer.getRawAuthority();
    String path = issuer.getRawPath() == null || issuer.getRawPath().equals("/") ? "" : issuer.getRawPath();
    List<String> candidates = List.of(origin + "/.well-known/oauth-authorization-server" + path,
        origin + path + "/.well-known/openid-configuration");
    HttpClient http = HttpClient.newBuilder().connectTimeout(CONNECT).followRedirects(HttpClient.Redirect.NEVER)
        .build();
    StringBuilder tried = new StringBuilder();
    for (String candidate : candidates) {
      try {
        HttpResponse<InputStream> response = http.send(HttpRequest.newBuilder(URI.create(candidate)).timeout(ANSWER)
            .header("Accept", "application/json").GET().build(), HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
          byte[] bytes = body.readNBytes(MAX_DOCUMENT + 1);
          if (response.statusCode() == 200 && bytes.length <= MAX_DOCUMENT) {
            return JSON.readTree(bytes);
          }
          tried.append(tried.length() == 0 ? "" : "; ").append(candidate).append(" answered ")
              .append(response.statusCode());
        }
      } catch (IOException e) {
        tried.append(tried.length() == 0 ? "" : "; ").append(candidate).append(": ").append(e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while reading the issuer's metadata", e);
      }
    }
    throw new IllegalArgumentException("--issuer " + issuer + ": cannot read its metadata (" + tried + ")");
  }

  private static URI checkUrl(String flag, String url) {
    try {
      URI uri = new URI(url);
      if (("https".equals(uri.getScheme()) || "http".equals(uri.getScheme())) && uri.getHost() != null
          && uri.getQuery() == null && uri.getFragment() == null && uri.getUserInfo() == null) {
        return uri;
      }
    } catch (java.net.URISyntaxException | NullPointerException e) {
      // named below
    }
    throw new IllegalArgumentException(flag + " must be an http(s) URL without query or fragment: '" + url + "'");
  }

}
