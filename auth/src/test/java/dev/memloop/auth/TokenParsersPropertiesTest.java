package dev.memloop.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.StringLength;

/**
 * Properties of the two token parsers, over inputs jqwik makes (and shrinks when one fails): a token file either reads
 * (and then each listed token, and only those, authenticates) or is refused with a message that names the file and
 * never holds a token; an OAuth token that is not a signed JWT of the issuer is never accepted, whatever its bytes.
 */
class TokenParsersPropertiesTest {

  @Property(tries = 200)
  void a_token_file_reads_or_is_refused_by_name_and_never_echoes_a_token(@ForAll("lines") List<String> lines,
      @ForAll @StringLength(min = 1, max = 40) String presented) {
    Path file = write(String.join("\n", lines));
    try {
      BearerTokens tokens;
      try {
        tokens = BearerTokens.read(file);
      } catch (IllegalArgumentException refused) {
        assertThat(refused.getMessage()).startsWith("token file " + file).doesNotContain("secret-");
        return;
      }
      // every secret a listed line names in its comment authenticates, as the principal of its line
      for (String line : lines) {
        int mark = line.indexOf("# secret-");
        if (mark >= 0 && line.strip().startsWith(BearerTokens.hash(line.substring(mark + 2)))) {
          String secret = line.substring(mark + 2);
          assertThat(tokens.authenticate(secret)).as(secret).isPresent();
        }
      }
      boolean listed = lines.stream().anyMatch(line -> line.strip().startsWith(BearerTokens.hash(presented)));
      assertThat(tokens.authenticate(presented).isPresent()).as(presented).isEqualTo(listed);
      assertThat(tokens.authenticate(null)).isEmpty();
    } finally {
      delete(file);
    }
  }

  @Property(tries = 300)
  void no_string_that_is_not_a_signed_jwt_of_the_issuer_is_accepted(@ForAll("tokenish") String token) {
    assertThat(OAuthTokensTest.tokens().authenticate(token)).as(token).isEmpty();
  }

  @Property(tries = 100)
  void a_principal_file_name_is_one_a_directory_can_hold(@ForAll("names") String name) {
    String file = Principal.fileName(name);
    assertThat(file).matches("[A-Za-z0-9_.@-]+").doesNotStartWith(".");
    assertThat(Principal.fileName(name)).as("the same name, the same file").isEqualTo(file);
  }

  @Provide
  Arbitrary<List<String>> lines() {
    Arbitrary<String> hash = Arbitraries.strings().withChars("0123456789abcdefABCDEF").ofLength(64);
    Arbitrary<String> listed = Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(12)
        .map(secret -> BearerTokens.hash("secret-" + secret) + " p" + secret.length() + " memory:read # secret-"
            + secret);
    Arbitrary<String> principal = Arbitraries.strings().withChars("abz09._@-/ |").ofMinLength(0).ofMaxLength(10);
    Arbitrary<String> scopes = Arbitraries.of("memory:read", "memory:write,memory:forget", "memory:admin", "", "a,b");
    Arbitrary<String> structured = net.jqwik.api.Combinators.combine(hash, principal, scopes)
        .as((h, p, s) -> h + " " + p + " " + s);
    Arbitrary<String> noise = Arbitraries.strings().ofMaxLength(30);
    Arbitrary<String> line = Arbitraries.oneOf(listed, structured, noise, Arbitraries.of("# a comment", "", "   "));
    return line.list().ofMaxSize(6);
  }

  /** Names as issuers give them: mostly safe characters, with the separators and dots a path would take. */
  @Provide
  Arbitrary<String> names() {
    return Arbitraries.oneOf(Arbitraries.strings().withChars("ab9_.@-/|:\\ ").ofMinLength(1).ofMaxLength(16),
        Arbitraries.strings().ofMinLength(1).ofMaxLength(40));
  }

  @Provide
  Arbitrary<String> tokenish() {
    Arbitrary<String> segment = Arbitraries.strings().withChars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        + "0123456789-_=").ofMaxLength(60);
    Arbitrary<String> jwtShaped = net.jqwik.api.Combinators.combine(segment, segment, segment)
        .as((a, b, c) -> a + "." + b + "." + c);
    Arbitrary<String> unsigned = segment.map(claims -> "eyJhbGciOiJub25lIn0." + claims + ".");
    return Arbitraries.oneOf(jwtShaped, unsigned, Arbitraries.strings().ofMaxLength(200));
  }

  static Path write(String text) {
    try {
      Path file = Files.createTempFile("tokens", ".txt");
      Files.writeString(file, text, StandardCharsets.UTF_8);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
