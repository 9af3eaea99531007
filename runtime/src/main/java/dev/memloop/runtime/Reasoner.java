package dev.memloop.runtime;

import java.util.concurrent.CompletionStage;

/**
 * Decides each step. A synchronous reasoner (scripted, simulated) returns an already completed stage and the
 * agent carries on within the same message, with no hop; an asynchronous one (an LLM call) returns a stage
 * completed later on an executor of its own (the blocking dispatcher, never the default one), and the agent
 * waits for it without blocking a thread.
 *
 * <p>Called only from the owning agent's actor, one step at a time; an implementation may keep per-agent
 * state without locks. A stage completed exceptionally, or an exception thrown here, fails the step and
 * restarts the agent's behavior.
 */
@FunctionalInterface
public interface Reasoner {

  CompletionStage<Decision> decide(StepContext context);
}
