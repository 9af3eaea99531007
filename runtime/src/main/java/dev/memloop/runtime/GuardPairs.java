package dev.memloop.runtime;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads pairs of action lines from CSV: one pair a line, {@code a,b,same} with {@code same} true or false, fields
 * quoted RFC 4180-style when they hold a comma or a quote; an optional header {@code a,b,same}; blank lines and lines
 * starting with {@code #} skipped. The three-column reader is the runtime's own: a CSV library would be the core's
 * 36th jar for forty lines.
 */
public final class GuardPairs {

  /** The adversarial set memloop's default threshold is fitted on (in the runtime jar). */
  public static final String STANDARD_RESOURCE = "/dev/memloop/runtime/guard/action-pairs.csv";

  private GuardPairs() {}

  /** memloop's own adversarial set: 524 pairs of action lines in nine domains, written for memloop. */
  public static List<GuardPair> standard() {
    try (InputStream in = GuardPairs.class.getResourceAsStream(STANDARD_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the runtime jar lacks " + STANDARD_RESOURCE);
      }
      return read(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), STANDARD_RESOURCE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The pairs of {@code file}.
   *
   * @throws IllegalArgumentException naming the file, the line and what is wrong (nothing is returned then)
   * @throws IOException when the file cannot be read
   */
  public static List<GuardPair> read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(file + ": not a regular file");
    }
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(in, file.toString());
    } catch (java.nio.charset.MalformedInputException e) {
      throw new IllegalArgumentException(file + ": not UTF-8 text");
    }
  }

  static List<GuardPair> read(BufferedReader in, String source) throws IOException {
    List<GuardPair> pairs = new ArrayList<>();
    String line;
    int number = 0;
    while ((line = in.readLine()) != null) {
      number++;
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      List<String> fields = fields(line, source, number);
      if (pairs.isEmpty() && fields.size() == 3 && fields.get(0).equals("a") && fields.get(1).equals("b")
          && fields.get(2).equals("same")) {
        continue; // the header
      }
      if (fields.size() != 3) {
        throw new IllegalArgumentException(source + ":" + number + ": expected 3 fields (a,b,same), found "
            + fields.size());
      }
      if (fields.get(0).isBlank() || fields.get(1).isBlank()) {
        throw new IllegalArgumentException(source + ":" + number + ": a and b must not be blank");
      }
      String same = fields.get(2).strip().toLowerCase(Locale.ROOT);
      if (!same.equals("true") && !same.equals("false")) {
        throw new IllegalArgumentException(source + ":" + number + ": same must be true or false, not '"
            + fields.get(2) + "'");
      }
      pairs.add(new GuardPair(fields.get(0), fields.get(1), same.equals("true")));
    }
    if (pairs.isEmpty()) {
      throw new IllegalArgumentException(source + ": no pairs (expected lines of a,b,same)");
    }
    return pairs;
  }

  private static List<String> fields(String line, String source, int number) {
    List<String> out = new ArrayList<>(3);
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    boolean wasQuoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"' && field.length() == 0 && !wasQuoted) {
        quoted = true;
        wasQuoted = true;
      } else if (c == ',') {
        out.add(field.toString());
        field.setLength(0);
        wasQuoted = false;
      } else if (wasQuoted) {
        throw new IllegalArgumentException(source + ":" + number + ": text after a closing quote at column " + (i + 1));
      } else {
        field.append(c);
      }
    }
    if (quoted) {
      throw new IllegalArgumentException(source + ":" + number + ": a quote is not closed");
    }
    out.add(field.toString());
    return out;
  }
}
