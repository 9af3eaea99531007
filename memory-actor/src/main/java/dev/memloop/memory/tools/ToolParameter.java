package dev.memloop.memory.tools;

/**
 * One parameter of a memory tool as a model sees it: its name, JSON type, what it means, and whether it must be
 * given. Immutable.
 */
public record ToolParameter(String name, Type type, String description, boolean required) {

  /** The JSON types a memory tool's parameters take. */
  public enum Type {
    STRING("string"), INTEGER("integer"), NUMBER("number"), BOOLEAN("boolean"), OBJECT("object"),
    /** An array of strings. */
    STRING_ARRAY("array");

    private final String json;

    Type(String json) {
      this.json = json;
    }

    /** The JSON Schema type name. */
    public String json() {
      return json;
    }
  }

  public ToolParameter {
    if (name == null || name.isBlank() || type == null || description == null || description.isBlank()) {
      throw new IllegalArgumentException("a tool parameter needs a name, a type and a description: " + name);
    }
  }
}
