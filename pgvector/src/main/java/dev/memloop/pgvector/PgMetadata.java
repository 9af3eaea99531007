package dev.memloop.pgvector;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Item metadata as {@code jsonb}, each value tagged with its type ({@code {"tier": ["I", 2]}}), so that what comes
 * back is what was stored: an Integer stays an Integer, a UUID a UUID (JSON alone would bring numbers back as
 * whatever fits and UUIDs as strings). The types are those {@link dev.memloop.memory.MetadataValues} allows.
 */
final class PgMetadata {

  private static final ObjectMapper JSON = new ObjectMapper();

  private PgMetadata() {}

  static String encode(Map<String, Object> metadata) {
    ObjectNode root = JSON.createObjectNode();
    for (Map.Entry<String, Object> e : metadata.entrySet()) {
      ArrayNode tagged = root.putArray(e.getKey());
      Object v = e.getValue();
      if (v instanceof String s) {
        tagged.add("S").add(s);
      } else if (v instanceof UUID u) {
        tagged.add("U").add(u.toString());
      } else if (v instanceof Integer i) {
        tagged.add("I").add(i);
      } else if (v instanceof Long l) {
        tagged.add("L").add(l);
      } else if (v instanceof Float f) {
        tagged.add("F").add(f);
      } else if (v instanceof Double d) {
        tagged.add("D").add(d);
      } else {
        throw new IllegalArgumentException("metadata value for key '" + e.getKey() + "' has unsupported type "
            + v.getClass().getName()); // MetadataValues.copyOf has refused it before it gets here
      }
    }
    return root.toString();
  }

  static Map<String, Object> decode(String json) {
    if (json == null || json.equals("{}")) {
      return Map.of();
    }
    try {
      JsonNode root = JSON.readTree(json);
      Map<String, Object> metadata = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> fields = root.fields(); fields.hasNext(); ) {
        Map.Entry<String, JsonNode> field = fields.next();
        JsonNode value = field.getValue().get(1);
        metadata.put(field.getKey(), switch (field.getValue().get(0).asText()) {
          case "S" -> value.asText();
          case "U" -> UUID.fromString(value.asText());
          case "I" -> value.intValue();
          case "L" -> value.longValue();
          case "F" -> value.floatValue();
          case "D" -> value.doubleValue();
          default -> throw new IllegalStateException("metadata of unknown type tag in the table: " + field);
        });
      }
      return Map.copyOf(metadata);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("metadata in the table is not memloop's JSON: " + e.getOriginalMessage(), e);
    }
  }
}
