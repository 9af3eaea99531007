package dev.memloop.runtime.config;

/** What a per-turn agent pins at each turn's start ({@code memloop.agent.per-turn}): {@code dump} items, 0 for all. */
public record PerTurnSettings(int dump) {

  public static final PerTurnSettings ALL = new PerTurnSettings(0);

  public PerTurnSettings {
    if (dump < 0) {
      throw new IllegalArgumentException("per-turn.dump must be all or > 0: " + dump);
    }
  }
}
