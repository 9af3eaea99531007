package dev.memloop.runtime.step;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A structured action: a verb and named arguments, as {@code ActionCall.of("refund").with("order", "42").with("amount",
 * "100 USD")}. The guard treats the arguments as the action's identity, exactly (the same names with the same values,
 * whatever their order), and the verb by meaning: {@code refund} after {@code refund} with {@code order = 43} runs,
 * {@code issue refund} with the same arguments is a repeat. Its {@link #line()} is what records and the executor show:
 * {@code refund amount="100 USD" order=42}.
 *
 * <p>Immutable; {@link #with} returns a new call. Bad input throws {@link IllegalArgumentException} naming it.
 *
 * @param verb what the action does (matched by meaning)
 * @param arguments name to value, sorted by name (unmodifiable)
 */
public record ActionCall(String verb, Map<String, String> arguments) {

  /** Most arguments one call may have. */
  public static final int MAX_ARGUMENTS = 32;
  /** Longest argument name. */
  public static final int MAX_NAME_LENGTH = 64;
  /** Longest verb or argument value. */
  public static final int MAX_VALUE_LENGTH = 512;

  public ActionCall {
    verb = text("verb", verb, MAX_VALUE_LENGTH);
    if (arguments == null) {
      throw new IllegalArgumentException("an action call's arguments must not be null (none: Map.of())");
    }
    if (arguments.size() > MAX_ARGUMENTS) {
      throw new IllegalArgumentException("an action call may have at most " + MAX_ARGUMENTS + " arguments: "
          + arguments.size());
    }
    TreeMap<String, String> sorted = new TreeMap<>();
    for (Map.Entry<String, String> e : arguments.entrySet()) {
      String name = text("argument name", e.getKey(), MAX_NAME_LENGTH);
      sorted.put(name, text("argument " + name, e.getValue(), MAX_VALUE_LENGTH));
    }
    arguments = Collections.unmodifiableMap(sorted);
  }

  /** A call of {@code verb} with no arguments yet. */
  public static ActionCall of(String verb) {
    return new ActionCall(verb, Map.of());
  }

  /** This call with {@code name} set to {@code value} (replacing an earlier value of that name). */
  public ActionCall with(String name, String value) {
    TreeMap<String, String> more = new TreeMap<>(arguments);
    more.put(text("argument name", name, MAX_NAME_LENGTH), value);
    return new ActionCall(verb, more);
  }

  /** This call with {@code name} set to the number {@code value}. */
  public ActionCall with(String name, long value) {
    return with(name, Long.toString(value));
  }

  /** The call as one line: the verb, then each argument as {@code name=value} (quoted when it holds a space). */
  public String line() {
    StringBuilder line = new StringBuilder(verb);
    for (Map.Entry<String, String> e : arguments.entrySet()) {
      String value = e.getValue();
      line.append(' ').append(e.getKey()).append('=');
      if (value.chars().anyMatch(Character::isWhitespace) || value.indexOf('"') >= 0) {
        line.append('"').append(value.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
      } else {
        line.append(value);
      }
    }
    return line.toString();
  }

  private static String text(String what, String value, int max) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("an action call's " + what + " must not be null or blank: "
          + (value == null ? "null" : "'" + value + "'"));
    }
    String trimmed = value.strip();
    if (trimmed.length() > max) {
      throw new IllegalArgumentException("an action call's " + what + " may have at most " + max + " characters: "
          + trimmed.length());
    }
    return trimmed;
  }
}
