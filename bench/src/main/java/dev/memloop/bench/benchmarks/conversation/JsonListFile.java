package dev.memloop.bench.benchmarks.conversation;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A benchmark file that is one JSON list, read element by element with Jackson's streaming parser: only one
 * element is held at a time, so a file is bounded by the disk and not by an array (LongMemEval's {@code _m} file is
 * about 2.6 GB; {@code Files.readAllBytes} stops at 2 GB). Anything but a regular file is refused before a byte is
 * read ({@code /dev/zero} and a FIFO never end), as is data after the list. Every refusal names the file and, for
 * what is not JSON, the line and column. Not thread-safe: one reader per thread.
 */
final class JsonListFile implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;
  private final JsonParser parser;
  private final BasicFileAttributes opened;
  private boolean ended;

  private JsonListFile(Path file, JsonParser parser, BasicFileAttributes opened) {
    this.file = file;
    this.parser = parser;
    this.opened = opened;
  }

  /**
   * Opens {@code file} at the start of its list.
   *
   * @param format what the file should be, for the refusal of one that is not a list ("LoCoMo's format: ...")
   * @throws IllegalArgumentException naming the file: not a regular file, not JSON, not a list
   */
  static JsonListFile open(Path file, String format) throws IOException {
    BasicFileAttributes attributes = attributes(file);
    JsonParser parser = JSON.getFactory().createParser(file.toFile());
    JsonListFile list = new JsonListFile(file, parser, attributes);
    try {
      if (list.token() != JsonToken.START_ARRAY) {
        throw new IllegalArgumentException(file + " is not " + format);
      }
      return list;
    } catch (RuntimeException | IOException e) {
      parser.close();
      throw e;
    }
  }

  /** The file's attributes; refused when it is not a regular file (a directory, a device, a FIFO). */
  static BasicFileAttributes attributes(Path file) throws IOException {
    BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
    if (!attributes.isRegularFile()) {
      throw new IllegalArgumentException(file + " is not a regular file (a directory, a device or a pipe, which "
          + "may never end): give the JSON file itself");
    }
    return attributes;
  }

  /** Whether {@code file} is still the file that was checked: the same size and modification time. */
  boolean unchangedSince(BasicFileAttributes checked) {
    return opened.size() == checked.size() && opened.lastModifiedTime().equals(checked.lastModifiedTime());
  }

  BasicFileAttributes attributes() {
    return opened;
  }

  /**
   * The next element of the list, or null after its last; then the file must end.
   *
   * @throws IllegalArgumentException naming the file, the line and the column: not JSON (cut short?), data after the
   *     list
   */
  JsonNode next() throws IOException {
    if (ended) {
      return null;
    }
    JsonToken token = token();
    if (token == JsonToken.END_ARRAY) {
      ended = true;
      JsonLocation at;
      try {
        if (parser.nextToken() == null) {
          return null;
        }
        at = parser.currentTokenLocation();
      } catch (JsonProcessingException notEvenJson) {
        at = notEvenJson.getLocation();
      }
      throw new IllegalArgumentException(file + " has data after its list, at line " + at.getLineNr() + ", column "
          + at.getColumnNr() + ": one list is the whole file");
    }
    try {
      return JSON.readTree(parser);
    } catch (JsonProcessingException broken) {
      throw notJson(broken);
    }
  }

  private JsonToken token() throws IOException {
    try {
      return parser.nextToken();
    } catch (JsonProcessingException broken) {
      throw notJson(broken);
    }
  }

  private IllegalArgumentException notJson(JsonProcessingException broken) {
    JsonLocation at = broken.getLocation();
    return new IllegalArgumentException(file + " is not JSON (cut short?)" + (at == null ? "" : " at line "
        + at.getLineNr() + ", column " + at.getColumnNr()) + ": " + broken.getOriginalMessage(), broken);
  }

  @Override
  public void close() throws IOException {
    parser.close();
  }
}
