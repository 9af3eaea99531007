package dev.memloop.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a resource server must refuse, token by token, against keys held here (the issuer's discovery and key fetch
 * are exercised against a real authorization server by the cli module's {@code McpOAuthTest}). Each refusal is
 * checked for its reason, so that a token refused for a broken signature cannot pass as one refused for its audience.
 */
class OAuthTokensTest {

  static final String ISSUER = "https://issuer.example.com";
  static final String AUDIENCE = "https://memory.example.com/mcp";
  static RSAKey key;
  static RSAKey stranger;
  static OAuthTokens tokens;

  @BeforeAll
  static synchronized void keys() throws Exception {
    if (tokens != null) {
      return;
    }
    key = new RSAKeyGenerator(2048).keyID("k1").generate();
    stranger = new RSAKeyGenerator(2048).keyID("k1").generate(); // the same kid, another key
    tokens = new OAuthTokens(ISSUER, AUDIENCE, "sub", new ImmutableJWKSet<>(new JWKSet(key.toPublicJWK())));
  }

  /** The tokens checked against the test's keys, made on first use (jqwik's properties run without JUnit's hooks). */
  static OAuthTokens tokens() {
    try {
      keys();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    return tokens;
  }

  static JWTClaimsSet.Builder claims() {
    Instant now = Instant.now();
    return new JWTClaimsSet.Builder().issuer(ISSUER).audience(AUDIENCE).subject("alice")
        .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(300))).claim("scope",
            "openid memory:read memory:write");
  }

  static String signed(RSAKey by, JOSEObjectType type, Consumer<JWTClaimsSet.Builder> change) throws Exception {
    JWTClaimsSet.Builder builder = claims();
    change.accept(builder);
    SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(by.getKeyID()).type(type).build(),
        builder.build());
    jwt.sign(new RSASSASigner(by));
    return jwt.serialize();
  }

  static String signed(Consumer<JWTClaimsSet.Builder> change) throws Exception {
    return signed(key, JOSEObjectType.JWT, change);
  }

  @Test
  void should_accept_a_token_of_the_issuer_for_this_audience_with_its_subject_and_memory_scopes() throws Exception {
    assertThat(tokens.check(signed(c -> { })).principal())
        .isEqualTo(new Principal("alice", Set.of(Principal.READ, Principal.WRITE)));
    assertThat(tokens.check(signed(key, new JOSEObjectType("at+jwt"), c -> { })).principal())
        .as("RFC 9068's type").isNotNull();
    assertThat(tokens.check(signed(c -> c.claim("scope", null).claim("scp", List.of(Principal.FORGET)))).principal())
        .as("scp as a list").isEqualTo(new Principal("alice", Set.of(Principal.FORGET)));
    assertThat(tokens.check(signed(c -> c.audience(List.of("https://other.example.com", AUDIENCE)))).principal())
        .as("one of several audiences").isNotNull();
  }

  @Test
  void should_refuse_what_a_resource_server_must_refuse_and_say_why() throws Exception {
    Instant now = Instant.now();
    assertRefused(signed(c -> c.expirationTime(Date.from(now.minusSeconds(600)))), "Expired");
    assertRefused(signed(c -> c.notBeforeTime(Date.from(now.plusSeconds(600)))), "before use");
    assertRefused(signed(c -> c.audience("https://other.example.com/mcp")), "aud claim rejected");
    assertRefused(signed(c -> c.audience((String) null)), "aud");
    assertRefused(signed(c -> c.issuer("https://evil.example.com")), "iss");
    assertRefused(signed(c -> c.expirationTime(null)), "exp");
    assertRefused(signed(c -> c.subject(null)), "sub");
    assertRefused(signed(stranger, JOSEObjectType.JWT, c -> { }), "Invalid signature");
    assertRefused(signed(key, new JOSEObjectType("JOSE"), c -> { }), "type");
    assertRefused(new PlainJWT(claims().build()).serialize(), "nsecured");
    // the confusion attack: the issuer's public key, which anyone may fetch, used as an HMAC secret
    SignedJWT hmac = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("k1").build(), claims().build());
    hmac.sign(new MACSigner(key.toPublicJWK().toRSAPublicKey().getEncoded()));
    assertRefused(hmac.serialize(), "Another algorithm expected");
    assertRefused("not.a.token", "");
    assertRefused("", "no token");
    assertRefused(null, "no token");
  }

  @Test
  void should_name_the_principal_by_another_claim_when_told() throws Exception {
    OAuthTokens byEmail = new OAuthTokens(ISSUER, AUDIENCE, "email",
        new ImmutableJWKSet<>(new JWKSet(key.toPublicJWK())));
    assertThat(byEmail.check(signed(c -> c.claim("email", "alice@example.com"))).principal().name())
        .isEqualTo("alice@example.com");
    assertThat(byEmail.check(signed(c -> c.claim("email", 42))).refusal()).isNotNull();
  }

  @Test
  void should_point_clients_to_its_protected_resource_metadata() {
    assertThat(tokens.resourceMetadataUrl())
        .isEqualTo("https://memory.example.com/.well-known/oauth-protected-resource/mcp");
    assertThat(tokens.resourceMetadata()).contains("\"resource\":\"" + AUDIENCE + "\"")
        .contains("\"authorization_servers\":[\"" + ISSUER + "\"]").contains(Principal.FORGET);
    assertThat(tokens.challenge("insufficient_scope", Principal.WRITE))
        .isEqualTo("Bearer resource_metadata=\"https://memory.example.com/.well-known/oauth-protected-resource/mcp\", "
            + "error=\"insufficient_scope\", scope=\"memory:write\"");
  }

  @Test
  void should_refuse_a_bad_issuer_audience_or_claim_by_name_before_any_request() {
    assertThatThrownBy(() -> OAuthTokens.discover("issuer.example.com", AUDIENCE, "sub"))
        .hasMessageStartingWith("--issuer must be an http(s) URL").hasMessageContaining("issuer.example.com");
    assertThatThrownBy(() -> OAuthTokens.discover(ISSUER, "memory?x=1", "sub"))
        .hasMessageStartingWith("--audience must be an http(s) URL");
    assertThatThrownBy(() -> OAuthTokens.discover("http://issuer.example.com", AUDIENCE, "sub"))
        .hasMessageStartingWith("--issuer must be https (plain http only on loopback)");
    assertThatThrownBy(() -> OAuthTokens.discover(ISSUER, AUDIENCE, "a claim"))
        .hasMessageStartingWith("--principal-claim must name a claim");
    assertThatThrownBy(() -> OAuthTokens.discover("http://127.0.0.1:1", AUDIENCE, "sub"))
        .hasMessageStartingWith("--issuer http://127.0.0.1:1: cannot read its metadata")
        .hasMessageContaining("/.well-known/oauth-authorization-server")
        .hasMessageContaining("/.well-known/openid-configuration");
  }

  @Test
  void should_keep_a_principal_name_an_issuer_gives_out_of_file_names() {
    assertThat(Principal.fileName("alice@example.com")).isEqualTo("alice@example.com");
    assertThat(Principal.fileName("auth0|12345")).startsWith("sha256-").hasSize(7 + 32)
        .isNotEqualTo(Principal.fileName("auth0|12346"));
    assertThat(Principal.fileName("../etc")).startsWith("sha256-");
  }

  static void assertRefused(String token, String because) {
    OAuthTokens.Check check = tokens.check(token);
    assertThat(check.principal()).as(String.valueOf(token)).isNull();
    assertThat(check.refusal()).as(String.valueOf(token)).containsIgnoringCase(because);
  }
}
