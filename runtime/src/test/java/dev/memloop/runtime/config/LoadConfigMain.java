package dev.memloop.runtime.config;

import java.nio.file.Path;

/**
 * Loads the config as the {@code memloop} command does and prints the agent's policy, or the one-line error: run
 * in a child JVM by {@link MemloopKeysTest} so that its environment and {@code -D} properties are real ones.
 */
public final class LoadConfigMain {

  private LoadConfigMain() {}

  public static void main(String[] args) {
    try {
      AgentConfig agent = AgentConfigs.agent(AgentConfigs.load(args.length > 0 ? Path.of(args[0]) : null));
      System.out.println("policy " + agent.policy().configName() + " capacity " + agent.memory().capacity());
    } catch (IllegalArgumentException e) {
      System.out.println(e.getMessage());
    }
  }
}
