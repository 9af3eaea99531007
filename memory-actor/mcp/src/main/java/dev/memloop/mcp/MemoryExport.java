package dev.memloop.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.memloop.memory.MemoryItem;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A memory's items as a portable file ({@code memloop memory export} and {@code import}): JSON Lines, a header line
 * {@code {"format":"memloop-memory-export","version":1,"memories":{"NAME":{"dimension":D},...}}}, then one item a
 * line: {@code memory}, {@code id}, {@code text}, {@code vector} (unit length, as the memory kept it) and
 * {@code metadata}, which carries the item's kind, author, subject, valid-from, expiry and record time under their
 * reserved keys ({@code memloop.*}). Metadata numbers come back as Long when whole and Double otherwise (JSON does not
 * say Integer or Float). A file of a newer version is refused by name, as is a bad line (its number and why).
 */
public final class MemoryExport {

  public static final String FORMAT = "memloop-memory-export";
  public static final int VERSION = 1;

  private static final ObjectMapper JSON = new ObjectMapper();

  private MemoryExport() {}

  /** What an export file holds: each memory's dimension and items, in file order. */
  public record Contents(Map<String, Integer> dimensions, Map<String, List<MemoryItem>> items) {}

  /** Writes {@code items} of each memory (its name to its items) with each memory's {@code dimensions}. */
  public static void write(Map<String, Integer> dimensions, Map<String, List<MemoryItem>> items, Writer out)
      throws IOException {
    ObjectNode header = JSON.createObjectNode().put("format", FORMAT).put("version", VERSION);
    ObjectNode memories = header.putObject("memories");
    dimensions.forEach((name, dimension) -> memories.putObject(name).put("dimension", dimension));
    out.write(JSON.writeValueAsString(header));
    out.write('\n');
    for (Map.Entry<String, List<MemoryItem>> memory : items.entrySet()) {
      for (MemoryItem item : memory.getValue()) {
        ObjectNode line = JSON.createObjectNode().put("memory", memory.getKey()).put("id", item.id());
        line.put("text", item.text());
        ArrayNode vector = line.putArray("vector");
        for (float v : item.vector()) {
          vector.add(v);
        }
        line.set("metadata", JSON.valueToTree(item.metadata()));
        out.write(JSON.writeValueAsString(line));
        out.write('\n');
      }
    }
    out.flush();
  }

  /**
   * Reads an export file.
   *
   * @throws IllegalArgumentException naming the file and the line: not an export, a newer version, a bad item
   */
  public static Contents read(Path file) throws IOException {
    Map<String, Integer> dimensions = new LinkedHashMap<>();
    Map<String, List<MemoryItem>> items = new LinkedHashMap<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String first = in.readLine();
      JsonNode header = parse(file, 1, first);
      if (!FORMAT.equals(header.path("format").asText())) {
        throw bad(file, 1, "not a memloop export (its first line names no format " + FORMAT + ")");
      }
      int version = header.path("version").asInt(-1);
      if (version > VERSION) {
        throw bad(file, 1, "version " + version + " is newer than this memloop reads (" + VERSION + "): import it "
            + "with a newer memloop");
      }
      if (version < 1) {
        throw bad(file, 1, "no version");
      }
      header.path("memories").fields().forEachRemaining(m -> dimensions.put(m.getKey(),
          m.getValue().path("dimension").asInt()));
      int n = 1;
      for (String text = in.readLine(); text != null; text = in.readLine()) {
        n++;
        if (text.isBlank()) {
          continue;
        }
        JsonNode line = parse(file, n, text);
        String memory = line.path("memory").asText(null);
        Integer dimension = dimensions.get(memory);
        if (dimension == null) {
          throw bad(file, n, "memory '" + memory + "' is not in the header");
        }
        JsonNode vector = line.path("vector");
        if (!vector.isArray() || vector.size() != dimension) {
          throw bad(file, n, "a vector of " + dimension + " numbers is needed, not " + vector.size());
        }
        float[] v = new float[dimension];
        for (int i = 0; i < dimension; i++) {
          v[i] = (float) vector.get(i).asDouble();
        }
        try {
          items.computeIfAbsent(memory, k -> new ArrayList<>()).add(new MemoryItem(line.path("id").asText(null),
              line.path("text").isNull() ? null : line.path("text").asText(null), v, metadata(line.path("metadata"))));
        } catch (IllegalArgumentException e) {
          throw bad(file, n, e.getMessage());
        }
      }
    }
    return new Contents(dimensions, items);
  }

  private static Map<String, Object> metadata(JsonNode node) {
    Map<String, Object> out = new LinkedHashMap<>();
    node.fields().forEachRemaining(e -> {
      JsonNode v = e.getValue();
      out.put(e.getKey(), v.isIntegralNumber() ? (Object) v.asLong() : v.isNumber() ? (Object) v.asDouble()
          : v.asText());
    });
    return out;
  }

  private static JsonNode parse(Path file, int n, String text) {
    if (text == null) {
      throw bad(file, n, "empty: no header line");
    }
    try {
      return JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw bad(file, n, "not JSON");
    }
  }

  private static IllegalArgumentException bad(Path file, int line, String why) {
    return new IllegalArgumentException("export " + file + " line " + line + ": " + why);
  }
}
