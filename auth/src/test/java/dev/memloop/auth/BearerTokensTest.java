package dev.memloop.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A token file lists hashes, never tokens; a presented token stands for its principal and scopes; a bad line is named
 * by file and line, at start and after an edit, when no token is accepted until the file reads again.
 */
class BearerTokensTest {

  @TempDir
  Path dir;

  Path file(String text) throws IOException {
    Path file = dir.resolve("tokens");
    Files.writeString(file, text);
    return file;
  }

  @Test
  void should_accept_a_listed_token_as_its_principal_with_its_scopes_and_nothing_else() throws IOException {
    Path file = file("# who may call\n" + BearerTokens.hash("s3cret-alice") + "  alice  memory:read,memory:write\n\n"
        + BearerTokens.hash("s3cret-bob").toUpperCase() + " bob memory:read # read only\n");
    BearerTokens tokens = BearerTokens.read(file);

    assertThat(tokens.authenticate("s3cret-alice")).get().isEqualTo(new Principal("alice",
        Set.of(Principal.READ, Principal.WRITE)));
    assertThat(tokens.authenticate("s3cret-bob").orElseThrow().may(Principal.WRITE)).isFalse();
    assertThat(tokens.authenticate("s3cret-carol")).isEmpty();
    assertThat(tokens.authenticate(BearerTokens.hash("s3cret-alice"))).as("the hash is not a token").isEmpty();
    assertThat(tokens.authenticate("")).isEmpty();
    assertThat(Files.readString(file)).doesNotContain("s3cret");
  }

  @Test
  void should_name_the_file_the_line_and_the_fault_of_a_bad_line() throws IOException {
    String alice = BearerTokens.hash("a");
    assertThatThrownBy(() -> BearerTokens.read(file(alice + " alice\n")))
        .hasMessageContaining("line 1").hasMessageContaining("needs 3 fields");
    assertThatThrownBy(() -> BearerTokens.read(file("# c\ns3cret alice memory:read\n")))
        .hasMessageContaining("line 2").hasMessageContaining("64 hex digits").hasMessageNotContaining("s3cret");
    assertThatThrownBy(() -> BearerTokens.read(file(alice + " alice memory:admin\n")))
        .hasMessageContaining("unknown scope 'memory:admin'");
    assertThatThrownBy(() -> BearerTokens.read(file("# nobody\n"))).hasMessageContaining("lists no token");
    assertThatThrownBy(() -> BearerTokens.read(file(alice + " ../alice memory:read\n")))
        .hasMessageContaining("a principal is letters");
    assertThatThrownBy(() -> BearerTokens.read(dir.resolve("missing"))).hasMessageContaining("cannot be read");
  }

  @Test
  void should_read_an_edited_file_again_and_fail_closed_while_it_does_not_read() throws IOException {
    Path file = file(BearerTokens.hash("one") + " alice memory:read\n");
    BearerTokens tokens = BearerTokens.read(file);
    assertThat(tokens.authenticate("one")).isPresent();

    Files.writeString(file, BearerTokens.hash("two") + " alice memory:read\n");
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(5)));
    assertThat(tokens.authenticate("one")).as("revoked by the edit").isEmpty();
    assertThat(tokens.authenticate("two")).isPresent();

    Files.writeString(file, BearerTokens.hash("two") + " alice memory:everything\n");
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(10)));
    assertThat(tokens.authenticate("two")).as("a bad edit accepts nothing").isEmpty();
    assertThat(tokens.failure()).contains("line 1").contains("memory:everything");
  }

  /**
   * Seeded random token files (hex, whitespace, commas, comments, scope names, any character): each reads, or is
   * refused with an IllegalArgumentException naming the file; no other failure. A random token never authenticates
   * unless its hash is listed.
   */
  @Test
  void should_read_or_refuse_by_name_any_file_and_never_fail_otherwise() throws IOException {
    java.util.SplittableRandom random = new java.util.SplittableRandom(44);
    String[] pieces = {BearerTokens.hash("t"), "alice", "memory:read", "memory:write,memory:forget", " ", "\t", "#",
        ",", "\n", "zz", "é", "\u0000", "memory:", BearerTokens.hash("u").substring(3)};
    for (int n = 0; n < 2_000; n++) {
      StringBuilder text = new StringBuilder();
      for (int p = 0, count = random.nextInt(12); p < count; p++) {
        text.append(random.nextInt(10) == 0 ? Character.toString((char) random.nextInt(0x20, 0x7f))
            : pieces[random.nextInt(pieces.length)]);
      }
      Path file = file(text.toString());
      try {
        BearerTokens tokens = BearerTokens.read(file);
        String token = random.nextBoolean() ? "t" : Long.toHexString(random.nextLong());
        boolean listed = text.toString().lines().anyMatch(l -> l.split("#")[0].strip().startsWith(BearerTokens.hash(
            token)));
        assertThat(tokens.authenticate(token).isPresent()).as(text.toString()).isEqualTo(listed);
      } catch (IllegalArgumentException refused) {
        assertThat(refused.getMessage()).as(text.toString()).contains(file.toString());
      }
    }
  }
}
