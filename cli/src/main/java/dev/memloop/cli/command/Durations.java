package dev.memloop.cli.command;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import dev.memloop.runtime.config.ConfigValues;
import java.time.Duration;
import picocli.CommandLine;

/**
 * Command-line durations in HOCON's notation ({@code 30ms}, {@code 1.5s}), read by the same rule as config files:
 * the unit is required ({@code 30} alone is refused, where HOCON would read milliseconds) and negative is refused.
 */
public final class Durations implements CommandLine.ITypeConverter<Duration> {

  @Override
  public Duration convert(String value) {
    Duration d;
    try {
      Config c = ConfigFactory.empty().withValue("d", ConfigValueFactory.fromAnyRef(value));
      d = ConfigValues.duration(c, "d");
    } catch (ConfigException e) {
      throw new CommandLine.TypeConversionException("not a duration (as in 30ms, 1s): '" + value + "'");
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage() + ": '" + value + "'");
    }
    if (d.isNegative()) {
      throw new CommandLine.TypeConversionException("a duration must be >= 0: '" + value + "'");
    }
    return d;
  }
}
