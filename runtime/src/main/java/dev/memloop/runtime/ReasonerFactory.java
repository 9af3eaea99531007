package dev.memloop.runtime;

import dev.memloop.runtime.config.AgentConfig;
import java.util.concurrent.Executor;

/**
 * Makes an agent's {@link Reasoner} when the agent starts. The reasoner outlives restarts of the agent's
 * behavior, like its memory: it stands for the model, not for the step in progress.
 */
@FunctionalInterface
public interface ReasonerFactory {

  Reasoner create(Context context);

  /**
   * @param seed the agent's seed, for reasoners that draw random numbers
   * @param blocking the actor system's blocking-I/O dispatcher, where asynchronous reasoners must run their
   *     calls (never the default dispatcher)
   * @param config the agent's settings (an LLM reasoner reads {@code tools} there, per agent or group)
   */
  record Context(String agentId, long seed, Executor blocking, AgentConfig config) {}
}
