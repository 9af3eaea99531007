package dev.memloop.runtime.config;

import java.util.Objects;

/**
 * A named group of identically configured agents ({@code memloop.groups.<name>}), and the chat model its LLM agents
 * name for themselves ({@link GroupModel#INHERIT} for {@code memloop.llm}'s).
 */
public record AgentGroup(String name, int agents, AgentConfig config, GroupModel model) {

  /** A group that takes memloop.llm's model. */
  public AgentGroup(String name, int agents, AgentConfig config) {
    this(name, agents, config, GroupModel.INHERIT);
  }

  public AgentGroup {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(model, "model");
    if (agents <= 0) {
      throw new IllegalArgumentException("group " + name + ": agents must be > 0: " + agents);
    }
  }
}
