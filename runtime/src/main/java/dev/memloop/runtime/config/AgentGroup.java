package dev.memloop.runtime.config;

import java.util.Objects;

/** A named group of identically configured agents ({@code memloop.groups.<name>}). */
public record AgentGroup(String name, int agents, AgentConfig config) {

  public AgentGroup {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(config, "config");
    if (agents <= 0) {
      throw new IllegalArgumentException("group " + name + ": agents must be > 0: " + agents);
    }
  }
}
