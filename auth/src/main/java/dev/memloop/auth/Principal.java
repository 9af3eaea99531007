package dev.memloop.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;

/**
 * Who an authenticated caller is and what it may do: the name its token stands for (a token file's principal, or a
 * JWT's {@code sub}) and its scopes among {@value #READ}, {@value #WRITE} and {@value #FORGET}. The name is the
 * caller's partition: its own memory and journal, and the author of what it writes.
 *
 * @param name who the token stands for
 * @param scopes what it may do (others a token carries are dropped)
 */
public record Principal(String name, Set<String> scopes) {

  /** To recall, match and read the board. */
  public static final String READ = "memory:read";
  /** To remember and post. */
  public static final String WRITE = "memory:write";
  /** To forget. */
  public static final String FORGET = "memory:forget";
  /** Every scope a memory's tools ask for, in the order a server advertises them. */
  public static final java.util.List<String> SCOPES = java.util.List.of(READ, WRITE, FORGET);

  /** The names a file may hold as they are (a token file's principals must be such). */
  static final String SAFE_NAME = "[A-Za-z0-9_.@-]+";

  public Principal {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a principal needs a name");
    }
    scopes = Set.copyOf(scopes.stream().filter(SCOPES::contains).toList());
  }

  /** Whether this principal's token grants {@code scope}. */
  public boolean may(String scope) {
    return scopes.contains(scope);
  }

  /**
   * A principal's name as it may stand in a file name ({@code NAME@PRINCIPAL.journal}): itself when it is letters,
   * digits, {@code . _ - @} and does not start with a dot; else {@code sha256-} and the first 32 hex digits of its
   * SHA-256 (an issuer's {@code sub} may hold {@code |}, {@code /} or {@code :}). One name, one file, on every machine.
   */
  public static String fileName(String name) {
    if (name.matches(SAFE_NAME) && !name.startsWith(".")) {
      return name;
    }
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
      return "sha256-" + HexFormat.of().formatHex(hash, 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
