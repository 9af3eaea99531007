package dev.memloop.cli;

import picocli.CommandLine;

/**
 * Every decimal flag's reader: a finite number. Java's own parser accepts {@code NaN} and {@code Infinity}, which
 * pass every range check written as {@code x < min || x > max}; refused here once for all commands.
 */
final class FiniteDoubles implements CommandLine.ITypeConverter<Double> {

  @Override
  public Double convert(String value) {
    double d;
    try {
      d = Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      throw new CommandLine.TypeConversionException("not a number: '" + value + "'");
    }
    if (!Double.isFinite(d)) {
      throw new CommandLine.TypeConversionException("must be a finite number: '" + value + "'");
    }
    return d;
  }
}
