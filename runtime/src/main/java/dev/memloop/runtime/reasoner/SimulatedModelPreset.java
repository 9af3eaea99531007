package dev.memloop.runtime.reasoner;

import java.util.Locale;

/**
 * Named parameter sets standing in for the paper's two models. Calibrated so that on the default triage
 * workload (24 alerts, 12 duplicates, w = 4 exchanges) the model alone recognizes about 5 of the 12
 * duplicates (paper §6.1): about 8 of the 12 have an earlier copy within the last 4 exchanges, and
 * {@code pWindow} of those are recognized. {@code SimulatedModelCalibrationTest} in the agents module checks
 * it. Simulated, never a real model.
 */
public enum SimulatedModelPreset {
  /** Stands in for gpt-5-nano. */
  NANO_SIM(new SimulatedModel.Parameters(0.62, 0.95, 0.0)),
  /** Stands in for gpt-5-mini. */
  MINI_SIM(new SimulatedModel.Parameters(0.66, 0.97, 0.0));

  /** What the presets were fitted to, for every table and figure that shows them. */
  public static final String FITTED = "seeded recognition rates fitted to the paper's §6.1 (~5 of 12 duplicates "
      + "recognized by the model alone)";

  private final SimulatedModel.Parameters parameters;

  SimulatedModelPreset(SimulatedModel.Parameters parameters) {
    this.parameters = parameters;
  }

  public SimulatedModel.Parameters parameters() {
    return parameters;
  }

  /** {@code nano-sim} or {@code mini-sim}. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** {@code nano-sim (simulated: seeded recognition rates fitted to ...)}: the name as a table shows it. */
  public String label() {
    return configName() + " (simulated: " + FITTED + ")";
  }

  public static SimulatedModelPreset parse(String text) {
    for (SimulatedModelPreset preset : values()) {
      if (preset.configName().equals(text == null ? "" : text.trim().toLowerCase(Locale.ROOT))) {
        return preset;
      }
    }
    throw new IllegalArgumentException("simulated model preset must be nano-sim or mini-sim: '" + text + "'");
  }
}
