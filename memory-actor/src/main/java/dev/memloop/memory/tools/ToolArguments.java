package dev.memloop.memory.tools;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.memloop.memory.MemoryKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A tool call's arguments, checked one by one as its tool reads them: each accessor answers the value or refuses it
 * with a {@link BadArgument} that names the tool, the argument and what it was given, so that the caller (a model, an
 * MCP client) can correct the call; nothing has run when one is thrown. One set of checks for every surface that
 * serves memory as tools (memloop-llm's tool loop, memloop-mcp's server) and for an LLM agent's own tools.
 */
public final class ToolArguments {

  /** An argument the tool cannot use; its message names it. */
  public static final class BadArgument extends Exception {
    private static final long serialVersionUID = 1L;

    public BadArgument(String message) {
      super(message);
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper SORTED = new ObjectMapper()
      .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  private final String tool;
  private final Map<String, Object> values;

  /** Arguments already parsed (an MCP request's); null is none. */
  public ToolArguments(String tool, Map<String, Object> values) {
    this.tool = tool;
    this.values = values == null ? Map.of() : values;
  }

  /**
   * The arguments of {@code tool} as a model wrote them, a JSON object (blank is none).
   *
   * @throws BadArgument when the text is not JSON, or not an object
   */
  @SuppressWarnings("unchecked")
  public static ToolArguments parse(String tool, String json) throws BadArgument {
    if (json == null || json.isBlank()) {
      return new ToolArguments(tool, Map.of());
    }
    Object root;
    try {
      root = JSON.readValue(json, Object.class);
    } catch (JsonProcessingException e) {
      throw new BadArgument("the arguments of " + tool + " are not JSON: " + abbreviate(json));
    }
    if (!(root instanceof Map<?, ?> map)) {
      throw new BadArgument("the arguments of " + tool + " must be a JSON object: " + abbreviate(json));
    }
    return new ToolArguments(tool, (Map<String, Object>) map);
  }

  /**
   * Refuses an argument {@code spec} does not take (a misspelt {@code subjet}, or an argument this surface does not
   * offer), naming it and the ones it takes: never silently ignored.
   */
  public void onlyFrom(MemoryToolSpec spec) throws BadArgument {
    List<String> known = spec.parameters().stream().map(ToolParameter::name).toList();
    for (String name : new java.util.TreeSet<>(values.keySet())) {
      if (!known.contains(name)) {
        throw new BadArgument(tool + " takes no argument \"" + name + "\"; it takes " + String.join(", ", known));
      }
    }
  }

  /** An optional instant, ISO-8601 or a date ({@link dev.memloop.memory.MemoryLifecycle#parseInstant}); null when absent. */
  public java.time.Instant instant(String name) throws BadArgument {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    if (!(value instanceof String text)) {
      throw new BadArgument(tool + ": \"" + name + "\" must be an ISO-8601 time (2026-03-01T09:00:00Z) or date"
          + got(value));
    }
    try {
      return dev.memloop.memory.MemoryLifecycle.parseInstant(text, tool + ": \"" + name + "\"");
    } catch (IllegalArgumentException e) {
      throw new BadArgument(e.getMessage());
    }
  }

  /** An optional subject; null when absent; refused when blank, too long or without a letter or digit. */
  public String subject(String name) throws BadArgument {
    String subject = optionalText(name);
    if (subject != null) {
      try {
        dev.memloop.memory.MemoryLifecycle.checkSubject(subject, tool + ": \"" + name + "\"");
      } catch (IllegalArgumentException e) {
        throw new BadArgument(e.getMessage());
      }
    }
    return subject;
  }

  /** A required, non-blank text. */
  public String text(String name) throws BadArgument {
    Object value = values.get(name);
    if (!(value instanceof String text) || text.isBlank()) {
      throw new BadArgument(tool + " needs a non-blank \"" + name + "\" (text)" + got(value));
    }
    return text;
  }

  /** An optional non-blank text; null when absent. */
  public String optionalText(String name) throws BadArgument {
    return values.get(name) == null ? null : text(name);
  }

  /** An optional true or false; {@code fallback} when absent. */
  public boolean flag(String name, boolean fallback) throws BadArgument {
    Object value = values.get(name);
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Boolean b)) {
      throw new BadArgument(tool + ": \"" + name + "\" must be true or false" + got(value));
    }
    return b;
  }

  /** An optional whole number in [min, max]; {@code fallback} when absent. */
  public int whole(String name, int fallback, int min, int max) throws BadArgument {
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
  public double decimal(String name, double fallback, double min, double max) throws BadArgument {
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
  public MemoryKind kind(String name, MemoryKind fallback) throws BadArgument {
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
  public Set<MemoryKind> kinds(String name) throws BadArgument {
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
  public Map<String, Object> metadata(String name) throws BadArgument {
    Object value = values.get(name);
    if (value == null) {
      return Map.of();
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw new BadArgument(tool + ": \"" + name + "\" must be an object of text or number values" + got(value));
    }
    Map<String, Object> metadata = new LinkedHashMap<>();
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

  /** The arguments in one canonical form (keys sorted), so that equal calls read the same to a tool guard. */
  public String canonical() {
    try {
      return SORTED.writeValueAsString(values);
    } catch (JsonProcessingException e) {
      return String.valueOf(values);
    }
  }

  /**
   * The arguments' values as one line of words, in key order (nested values depth first): what a tool guard reads a
   * call's identifiers from ({@code {"date":"2026-03-04","to":"BER"}} reads {@code 2026-03-04 BER}).
   */
  public String prose() {
    StringBuilder out = new StringBuilder();
    words(values, out);
    return out.toString().strip();
  }

  private static void words(Object node, StringBuilder out) {
    if (node instanceof Map<?, ?> map) {
      Map<String, Object> sorted = new TreeMap<>();
      map.forEach((key, value) -> sorted.put(String.valueOf(key), value));
      for (Object value : sorted.values()) {
        words(value, out);
      }
    } else if (node instanceof Collection<?> list) {
      for (Object value : new ArrayList<>(list)) {
        words(value, out);
      }
    } else if (node != null) {
      out.append(node).append(' ');
    }
  }

  /** {@code text} cut to 120 characters, for a message. */
  public static String abbreviate(String text) {
    return text == null ? "null" : text.length() <= 120 ? text : text.substring(0, 117) + "...";
  }

  private static String got(Object value) {
    return value == null ? " (missing)" : ", not " + value;
  }
}
