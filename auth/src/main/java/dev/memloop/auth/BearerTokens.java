package dev.memloop.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The bearer tokens an HTTP server accepts ({@code memloop mcp --auth token --tokens FILE}): a file of one token a
 * line, {@code SHA256-HEX PRINCIPAL SCOPES}, whitespace-separated, the scopes comma-separated among
 * {@value Principal#READ}, {@value Principal#WRITE} and {@value Principal#FORGET}; {@code #} starts a comment. The file
 * holds no token, only its SHA-256, so reading it gives none away. A presented token is hashed and compared with every
 * entry in constant time ({@link MessageDigest#isEqual}). The file is read again when it changes; an edit that does not
 * read (a bad line) fails closed: no token is accepted until the file reads again, and the refusal names the line.
 *
 * <p>Thread-safe.
 */
public final class BearerTokens implements AccessTokens {

  private static final String READ = Principal.READ;
  private static final String WRITE = Principal.WRITE;
  private static final String FORGET = Principal.FORGET;

  private record Entry(byte[] hash, Principal principal) {}

  private record Read(FileTime modified, List<Entry> entries, String failure) {}

  private final Path file;
  private volatile Read current;

  private BearerTokens(Path file, Read read) {
    this.file = file;
    this.current = read;
  }

  /**
   * Reads {@code file}.
   *
   * @throws IllegalArgumentException naming the file and, for a bad line, its number and what is wrong
   */
  public static BearerTokens read(Path file) {
    if (file == null) {
      throw new IllegalArgumentException("a token file is needed (--tokens FILE)");
    }
    Read read = load(file);
    if (read.failure() != null) {
      throw new IllegalArgumentException(read.failure());
    }
    return new BearerTokens(file, read);
  }

  /** The principal {@code token} stands for, if the file (as it is now) lists its hash. */
  @Override
  public Optional<Principal> authenticate(String token) {
    Read read = fresh();
    if (token == null || token.isEmpty() || read.failure() != null) {
      return Optional.empty();
    }
    byte[] presented = sha256(token.getBytes(StandardCharsets.UTF_8));
    Principal found = null;
    for (Entry entry : read.entries()) { // every entry compared, found or not: the time says nothing of which
      if (MessageDigest.isEqual(entry.hash(), presented) && found == null) {
        found = entry.principal();
      }
    }
    return Optional.ofNullable(found);
  }

  /** Why no token is accepted now (the file changed to one that does not read), or null. */
  public String failure() {
    return fresh().failure();
  }

  /** The SHA-256 of {@code token}, in hex: what a token file lists for it. */
  public static String hash(String token) {
    return HexFormat.of().formatHex(sha256(token.getBytes(StandardCharsets.UTF_8)));
  }

  private Read fresh() {
    Read read = current;
    FileTime modified = modified(file);
    if (modified == null || !modified.equals(read.modified())) {
      synchronized (this) {
        read = current;
        if (modified == null || !modified.equals(read.modified())) {
          read = load(file);
          current = read;
        }
      }
    }
    return read;
  }

  private static FileTime modified(Path file) {
    try {
      return Files.getLastModifiedTime(file);
    } catch (IOException e) {
      return null;
    }
  }

  private static Read load(Path file) {
    FileTime modified = modified(file);
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException | UncheckedIOException e) {
      return new Read(modified, List.of(), "token file " + file + " cannot be read: " + e.getMessage());
    }
    List<Entry> entries = new ArrayList<>();
    for (int n = 0; n < lines.size(); n++) {
      String line = lines.get(n);
      int hashMark = line.indexOf('#');
      String content = (hashMark >= 0 ? line.substring(0, hashMark) : line).strip();
      if (content.isEmpty()) {
        continue;
      }
      String[] fields = content.split("\\s+");
      String where = "token file " + file + " line " + (n + 1) + ": ";
      if (fields.length != 3) {
        return new Read(modified, List.of(), where + "needs 3 fields (SHA256-HEX PRINCIPAL SCOPES), has "
            + fields.length);
      }
      if (!fields[0].matches("[0-9a-fA-F]{64}")) {
        return new Read(modified, List.of(), where + "the first field must be a token's SHA-256 as 64 hex digits, "
            + "not the token (" + fields[0].length() + " characters)");
      }
      if (!fields[1].matches(Principal.SAFE_NAME)) {
        return new Read(modified, List.of(), where + "a principal is letters, digits, '.', '_', '-' or '@' (it names "
            + "the principal's own memory and journal): '" + fields[1] + "'");
      }
      Set<String> scopes = new LinkedHashSet<>();
      for (String scope : fields[2].split(",")) {
        if (!Principal.SCOPES.contains(scope)) {
          return new Read(modified, List.of(), where + "unknown scope '" + scope + "' (one of " + READ + ", " + WRITE
              + ", " + FORGET + ")");
        }
        scopes.add(scope);
      }
      entries.add(new Entry(HexFormat.of().parseHex(fields[0].toLowerCase(java.util.Locale.ROOT)),
          new Principal(fields[1], scopes)));
    }
    if (entries.isEmpty()) {
      return new Read(modified, List.of(), "token file " + file + " lists no token: every request would be refused");
    }
    return new Read(modified, List.copyOf(entries), null);
  }

  private static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
