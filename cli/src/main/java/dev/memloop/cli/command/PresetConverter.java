package dev.memloop.cli.command;

import dev.memloop.runtime.reasoner.SimulatedModelPreset;
import picocli.CommandLine;

/** Reads a simulated model preset's name ({@code nano-sim}, {@code mini-sim}) for picocli, naming a bad value. */
public final class PresetConverter implements CommandLine.ITypeConverter<SimulatedModelPreset> {
  @Override
  public SimulatedModelPreset convert(String value) {
    try {
      return SimulatedModelPreset.parse(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }
}
