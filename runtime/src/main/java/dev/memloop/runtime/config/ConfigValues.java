package dev.memloop.runtime.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Reads memloop's config values strictly, each failure one message naming the key path and the value: a whole
 * number must be whole ({@code 4.5} is refused, not truncated), a duration must carry its unit ({@code 30} is
 * refused, where HOCON would read milliseconds), an enum must be one of its names. Stateless.
 */
public final class ConfigValues {

  private ConfigValues() {}

  /** Runs {@code reader}, turning its failure into an error naming {@code path.key} and the value. */
  public static <T> T value(Config c, String key, String path, Supplier<T> reader) {
    try {
      return reader.get();
    } catch (ConfigException | IllegalArgumentException e) {
      String value = c.hasPathOrNull(key) ? c.getValue(key).render() : "(missing)";
      throw new IllegalArgumentException(path + "." + key + " = " + value + ": " + reason(e), e);
    }
  }

  private static String reason(RuntimeException e) {
    String message = e.getMessage();
    int colon = e instanceof ConfigException ? message.lastIndexOf(": ") : -1;
    return colon >= 0 ? message.substring(colon + 2) : message; // drop the origin prefix; the path says where
  }

  /** A whole number: an integral number, or a string of one; {@code 4.5} is refused. */
  public static int wholeNumber(Config c, String key) {
    ConfigValue value = c.getValue(key);
    Object raw = value.unwrapped();
    double number;
    if (raw instanceof Number n) {
      number = n.doubleValue();
    } else if (value.valueType() == ConfigValueType.STRING) {
      try {
        number = Double.parseDouble(((String) raw).trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("must be a whole number");
      }
    } else {
      throw new IllegalArgumentException("must be a whole number");
    }
    if (number != Math.rint(number)) {
      throw new IllegalArgumentException("must be a whole number");
    }
    if (Math.abs(number) > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("must be at most " + Integer.MAX_VALUE);
    }
    return (int) number;
  }

  /** A duration with its unit ({@code 30ms}, {@code 2s}); a bare number is refused. */
  public static Duration duration(Config c, String key) {
    ConfigValue value = c.getValue(key);
    if (value.valueType() != ConfigValueType.STRING || !((String) value.unwrapped()).trim().matches(".*[a-zA-Z]$")) {
      throw new IllegalArgumentException("a duration needs its unit, as in 30ms or 2s");
    }
    return c.getDuration(key);
  }

  /** The value as a lower-case string, or null when it is not a string (a number, an object). */
  public static String word(Config c, String key) {
    try {
      return c.getString(key).trim().toLowerCase(Locale.ROOT);
    } catch (ConfigException.WrongType e) {
      return null;
    }
  }

  /** One of {@code type}'s constants, written in lower case with dashes ({@code oldest-first}). */
  public static <E extends Enum<E>> E enumValue(Class<E> type, String text) {
    String wanted = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
    for (E e : type.getEnumConstants()) {
      if (e.name().equals(wanted)) {
        return e;
      }
    }
    StringBuilder names = new StringBuilder();
    for (E e : type.getEnumConstants()) {
      names.append(names.length() == 0 ? "" : ", ").append(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
    }
    throw new IllegalArgumentException("expected one of " + names + ": '" + text + "'");
  }

  static int positive(int value) {
    if (value <= 0) {
      throw new IllegalArgumentException("must be > 0: " + value);
    }
    return value;
  }
}
