package dev.memloop.bench.cli;

import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.time.Duration;
import picocli.CommandLine;

/** Command-line durations in HOCON's notation ({@code 30ms}, {@code 1.5s}), the same as in config files. */
final class Durations implements CommandLine.ITypeConverter<Duration> {

  @Override
  public Duration convert(String value) {
    try {
      Duration d = ConfigFactory.empty().withValue("d", ConfigValueFactory.fromAnyRef(value)).getDuration("d");
      if (d.isNegative()) {
        throw new CommandLine.TypeConversionException("a duration must be >= 0: '" + value + "'");
      }
      return d;
    } catch (ConfigException e) {
      throw new CommandLine.TypeConversionException("not a duration (as in 30ms, 1s): '" + value + "'");
    }
  }
}
