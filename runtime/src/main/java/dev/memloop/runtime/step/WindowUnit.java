package dev.memloop.runtime.step;

import java.util.Locale;

/**
 * What a context window's size counts. The paper uses both: the trip task's w counts messages, the triage
 * task's w counts exchanges (an observation and the reply to it, two messages). Configs name the unit.
 */
public enum WindowUnit {
  MESSAGES(1),
  EXCHANGES(2);

  private final int messagesPerUnit;

  WindowUnit(int messagesPerUnit) {
    this.messagesPerUnit = messagesPerUnit;
  }

  public int messagesPerUnit() {
    return messagesPerUnit;
  }

  /** Reads {@code messages} or {@code exchanges}, any case. */
  public static WindowUnit parse(String text) {
    for (WindowUnit unit : values()) {
      if (unit.name().equalsIgnoreCase(text == null ? "" : text.trim())) {
        return unit;
      }
    }
    throw new IllegalArgumentException("window unit must be messages or exchanges: '" + text + "'");
  }

  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
