package dev.memloop.runtime.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A tool call's arguments as the model sent them: JSON text, read leniently (a field of the wrong kind reads as
 * missing). A call whose arguments are not a JSON object is a {@link BadArguments}, answered to the model.
 */
final class ToolArguments {

  /** The arguments are not what the tool needs; the message goes back to the model. */
  static final class BadArguments extends Exception {
    private static final long serialVersionUID = 1L;

    BadArguments(String message) {
      super(message, null, false, false);
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper SORTED = new ObjectMapper()
      .configure(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  private final String tool;
  private final JsonNode root;

  private ToolArguments(String tool, JsonNode root) {
    this.tool = tool;
    this.root = root;
  }

  static ToolArguments parse(String tool, String text) throws BadArguments {
    JsonNode root;
    try {
      root = text == null || text.isBlank() ? JSON.createObjectNode() : JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new BadArguments("the arguments of " + tool + " are not JSON: " + abbreviate(text));
    }
    if (root == null || !root.isObject()) {
      throw new BadArguments("the arguments of " + tool + " must be a JSON object: " + abbreviate(text));
    }
    return new ToolArguments(tool, root);
  }

  /** A required non-blank string. */
  String text(String field) throws BadArguments {
    JsonNode value = root.get(field);
    if (value == null || !value.isTextual() || value.asText().isBlank()) {
      throw new BadArguments(tool + " needs a non-blank \"" + field + "\" argument");
    }
    return value.asText();
  }

  /** An optional whole number within [min, max], else {@code otherwise}. */
  int number(String field, int otherwise, int min, int max) throws BadArguments {
    JsonNode value = root.get(field);
    if (value == null || value.isNull()) {
      return otherwise;
    }
    if (!value.canConvertToInt() || value.asInt() < min || value.asInt() > max) {
      throw new BadArguments(tool + "'s \"" + field + "\" must be a whole number in [" + min + ", " + max + "]: " + value);
    }
    return value.asInt();
  }

  /** An optional number within [min, max], else {@code otherwise}. */
  double decimal(String field, double otherwise, double min, double max) throws BadArguments {
    JsonNode value = root.get(field);
    if (value == null || value.isNull()) {
      return otherwise;
    }
    if (!value.isNumber() || !(value.asDouble() >= min && value.asDouble() <= max)) {
      throw new BadArguments(tool + "'s \"" + field + "\" must be a number in [" + min + ", " + max + "]: " + value);
    }
    return value.asDouble();
  }

  /** The arguments in one canonical form (keys sorted), so that equal calls read the same to the tool guard. */
  String canonical() {
    try {
      return SORTED.writeValueAsString(SORTED.convertValue(root, java.util.Map.class));
    } catch (JsonProcessingException e) {
      return root.toString();
    }
  }

  /**
   * The arguments' values as one line of words, in key order (nested values depth first): what the tool guard reads
   * a call's identifiers from ({@code {"date":"2026-03-04","to":"BER"}} reads {@code 2026-03-04 BER}).
   */
  String prose() {
    StringBuilder out = new StringBuilder();
    values(SORTED.convertValue(root, JsonNode.class), out);
    return out.toString().strip();
  }

  private static void values(JsonNode node, StringBuilder out) {
    if (node.isContainerNode()) {
      java.util.List<String> names = new java.util.ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      if (node.isObject()) {
        java.util.Collections.sort(names);
        for (String name : names) {
          values(node.get(name), out);
        }
      } else {
        node.forEach(child -> values(child, out));
      }
    } else if (!node.isNull()) {
      out.append(node.asText()).append(' ');
    }
  }

  static String abbreviate(String text) {
    return text == null ? "null" : text.length() <= 120 ? text : text.substring(0, 117) + "...";
  }
}
