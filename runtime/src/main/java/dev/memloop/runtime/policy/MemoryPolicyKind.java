package dev.memloop.runtime.policy;

import java.util.Locale;

/** The four ways an agent can hold memory; see {@code memloop.agent.policy} in {@code reference.conf}. */
public enum MemoryPolicyKind {
  NONE,
  PER_TURN,
  PER_STEP,
  NETWORKED;

  /** The name in configs and on the command line: {@code none}, {@code per-turn}, {@code per-step}, {@code networked}. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static MemoryPolicyKind parse(String text) {
    for (MemoryPolicyKind kind : values()) {
      if (kind.configName().equals(text == null ? "" : text.trim().toLowerCase(Locale.ROOT))) {
        return kind;
      }
    }
    throw new IllegalArgumentException("policy must be none, per-turn, per-step or networked: '" + text + "'");
  }

  /** Whether the policy checks the store before every action. */
  public boolean guardsInLoop() {
    return this == PER_STEP || this == NETWORKED;
  }
}
