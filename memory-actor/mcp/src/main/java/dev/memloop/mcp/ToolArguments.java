package dev.memloop.mcp;

import dev.memloop.memory.MemoryKind;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One tool call's arguments, read by name: a value missing or of the wrong type is a {@link BadArgument} that names
 * the argument and what it must be, which the tool answers as an MCP tool error (the connection stays up).
 */
final class ToolArguments {

  /** An argument the tool cannot use; its message names it. */
  static final class BadArgument extends Exception {
    private static final long serialVersionUID = 1L;

    BadArgument(String message) {
      super(message, null, false, false);
    }
  }

  private final String tool;
  private final Map<String, Object> values;

  ToolArguments(String tool, Map<String, Object> values) {
    this.tool = tool;
    this.values = values == null ? Map.of() : values;
  }

  /** A required, non-blank text. */
  String text(String name) throws BadArgument {
    Object value = values.get(name);
    if (!(value instanceof String text) || text.isBlank()) {
      throw new BadArgument(tool + " needs a non-blank \"" + name + "\" (text)" + got(value));
    }
    return text;
  }

  /** An optional true or false; {@code fallback} when absent. */
  boolean flag(String name, boolean fallback) throws BadArgument {
    Object value = values.get(name);
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Boolean b)) {
      throw new BadArgument(tool + ": \"" + name + "\" must be true or false" + got(value));
    }
    return b;
  }

  /** An optional non-blank text; null when absent. */
  String optionalText(String name) throws BadArgument {
    return values.get(name) == null ? null : text(name);
  }

  /** An optional whole number in [min, max]; {@code fallback} when absent. */
  int whole(String name, int fallback, int min, int max) throws BadArgument {
    Object value = values.get(name);
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.doubleValue() < min
        || n.doubleValue() > max) {
      throw new BadArgument(tool + ": \"" + name + "\" must be a whole number in [" + min + ", " + max + "]"
          + got(value));
    }
    return n.intValue();
  }

  /** An optional number in [min, max]; {@code fallback} when absent. */
  double decimal(String name, double fallback, double min, double max) throws BadArgument {
    Object value = values.get(name);
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Number n) || !(n.doubleValue() >= min && n.doubleValue() <= max)) {
      throw new BadArgument(tool + ": \"" + name + "\" must be a number in [" + min + ", " + max + "]" + got(value));
    }
    return n.doubleValue();
  }

  /** An optional memory kind ({@code note}, {@code action}, {@code tool-call}...); {@code fallback} when absent. */
  MemoryKind kind(String name, MemoryKind fallback) throws BadArgument {
    Object value = values.get(name);
    if (value == null) {
      return fallback;
    }
    try {
      return MemoryKind.parse(value instanceof String s ? s : null);
    } catch (IllegalArgumentException e) {
      throw new BadArgument(tool + ": \"" + name + "\": " + e.getMessage());
    }
  }

  /** An optional list of memory kinds; null (every kind) when absent. */
  Set<MemoryKind> kinds(String name) throws BadArgument {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    if (!(value instanceof List<?> list) || list.isEmpty()) {
      throw new BadArgument(tool + ": \"" + name + "\" must be a non-empty list of kinds (note, action, tool-call, "
          + "observation, post)" + got(value));
    }
    Set<MemoryKind> kinds = EnumSet.noneOf(MemoryKind.class);
    for (Object each : list) {
      try {
        kinds.add(MemoryKind.parse(each instanceof String s ? s : null));
      } catch (IllegalArgumentException e) {
        throw new BadArgument(tool + ": \"" + name + "\": " + e.getMessage());
      }
    }
    return kinds;
  }

  /** An optional object of string or number values, for an item's metadata; empty when absent. */
  Map<String, Object> metadata(String name) throws BadArgument {
    Object value = values.get(name);
    if (value == null) {
      return Map.of();
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw new BadArgument(tool + ": \"" + name + "\" must be an object of text or number values" + got(value));
    }
    Map<String, Object> metadata = new java.util.LinkedHashMap<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String key = String.valueOf(e.getKey());
      Object v = e.getValue();
      if (key.startsWith(MemoryKind.RESERVED_PREFIX)) {
        throw new BadArgument(tool + ": metadata key '" + key + "' is reserved (give the kind as \"kind\")");
      }
      if (v instanceof String || v instanceof Long || v instanceof Double) {
        metadata.put(key, v);
      } else if (v instanceof Integer i) {
        metadata.put(key, i.longValue()); // JSON numbers: one type per kind of number, whatever the parser chose
      } else if (v instanceof Number n) {
        metadata.put(key, n.doubleValue());
      } else {
        throw new BadArgument(tool + ": metadata \"" + key + "\" must be text or a number" + got(v));
      }
    }
    return metadata;
  }

  private static String got(Object value) {
    return value == null ? " (missing)" : ", not " + value;
  }
}
