package dev.memloop.runtime.config;

import dev.memloop.runtime.step.WindowUnit;

/** The context window a reasoner sees ({@code memloop.agent.window}): how many units, and of what. Immutable. */
public record WindowSettings(int size, WindowUnit unit) {

  public WindowSettings {
    if (size <= 0) {
      throw new IllegalArgumentException("window.size must be > 0: " + size);
    }
    if (unit == null) {
      throw new IllegalArgumentException("window.unit must be messages or exchanges: null");
    }
  }
}
