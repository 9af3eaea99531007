package dev.memloop.runtime.llm.mcp;

import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonReferenceSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An MCP tool's input schema (JSON Schema, as the SDK hands it: maps and lists) as langchain4j's schema elements,
 * which every langchain4j chat model turns into its provider's tool format. Hand-written because the only library
 * that does it, langchain4j-mcp, is released behind the langchain4j this project builds on and brings a second MCP
 * client beside the official SDK's. What JSON Schema says that langchain4j's elements cannot (formats, bounds,
 * patterns, a {@code oneOf}'s exclusivity) is dropped: the server still checks the arguments, and a refusal comes
 * back to the model as a tool error. A type the elements lack (a {@code type} list) becomes {@code anyOf} of each.
 * Stateless.
 */
final class ToolSchemas {

  private ToolSchemas() {}

  /** The tool's parameters: an object schema (an empty one when the server gave none). */
  static JsonObjectSchema parameters(Map<String, Object> inputSchema) {
    if (inputSchema == null || inputSchema.isEmpty()) {
      return JsonObjectSchema.builder().build();
    }
    return object(inputSchema, description(inputSchema));
  }

  private static JsonObjectSchema object(Map<String, Object> schema, String description) {
    JsonObjectSchema.Builder object = JsonObjectSchema.builder().description(description);
    if (schema.get("properties") instanceof Map<?, ?> properties) {
      properties.forEach((name, property) -> object.addProperty(String.valueOf(name), element(property)));
    }
    if (schema.get("required") instanceof List<?> required) {
      object.required(required.stream().map(String::valueOf).toList());
    }
    if (schema.get("additionalProperties") instanceof Boolean additional) {
      object.additionalProperties(additional);
    }
    Object definitions = schema.containsKey("$defs") ? schema.get("$defs") : schema.get("definitions");
    if (definitions instanceof Map<?, ?> defs && !defs.isEmpty()) {
      Map<String, JsonSchemaElement> converted = new LinkedHashMap<>();
      defs.forEach((name, def) -> converted.put(String.valueOf(name), element(def)));
      object.definitions(converted);
    }
    return object.build();
  }

  /** One property's schema; anything unreadable becomes a described string, which any model can fill. */
  static JsonSchemaElement element(Object node) {
    if (!(node instanceof Map<?, ?> raw)) {
      return JsonStringSchema.builder().build(); // "true" or a malformed node: accept any text
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> schema = (Map<String, Object>) raw;
    String description = description(schema);
    if (schema.get("$ref") instanceof String reference) {
      // "#/$defs/Name" or "#/definitions/Name": langchain4j refers to a definition by its name
      return JsonReferenceSchema.builder().reference(reference.substring(reference.lastIndexOf('/') + 1)).build();
    }
    if (schema.get("enum") instanceof List<?> values) {
      return JsonEnumSchema.builder().description(description).enumValues(values.stream().map(String::valueOf)
          .toList()).build();
    }
    Object anyOf = schema.containsKey("anyOf") ? schema.get("anyOf") : schema.get("oneOf");
    if (anyOf instanceof List<?> choices) {
      List<JsonSchemaElement> elements = new ArrayList<>();
      choices.forEach(choice -> elements.add(element(choice)));
      return JsonAnyOfSchema.builder().description(description).anyOf(elements).build();
    }
    Object type = schema.get("type");
    if (type instanceof List<?> types) {
      List<JsonSchemaElement> elements = new ArrayList<>();
      for (Object one : types) {
        Map<String, Object> single = new LinkedHashMap<>(schema);
        single.put("type", one);
        single.remove("description");
        elements.add(element(single));
      }
      return JsonAnyOfSchema.builder().description(description).anyOf(elements).build();
    }
    return switch (type == null ? (schema.containsKey("properties") ? "object" : "string") : String.valueOf(type)) {
      case "object" -> object(schema, description);
      case "array" -> JsonArraySchema.builder().description(description).items(schema.containsKey("items")
          ? element(schema.get("items")) : JsonStringSchema.builder().build()).build();
      case "integer" -> JsonIntegerSchema.builder().description(description).build();
      case "number" -> JsonNumberSchema.builder().description(description).build();
      case "boolean" -> JsonBooleanSchema.builder().description(description).build();
      case "null" -> new JsonNullSchema();
      default -> JsonStringSchema.builder().description(description).build();
    };
  }

  private static String description(Map<String, Object> schema) {
    return schema.get("description") instanceof String text && !text.isBlank() ? text : null;
  }
}
