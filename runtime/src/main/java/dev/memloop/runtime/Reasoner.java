package dev.memloop.runtime;

import dev.memloop.runtime.step.Decision;
import dev.memloop.runtime.step.StepContext;
import java.util.concurrent.CompletionStage;

/**
 * Decides each step, with the agent's memory at hand ({@link StepContext#memory()}). A synchronous reasoner
 * (scripted, simulated, or one that only reads an in-process memory) returns an already completed stage and the
 * agent carries on within the same message, with no hop; an asynchronous one (an LLM call, a networked memory read)
 * returns a stage completed later, on an executor of its own (the blocking dispatcher, never the default one) or by
 * the memory's reply, and the agent waits for it without blocking a thread.
 *
 * <pre>{@code
 * Reasoner reasoner = step -> step.memory().recall(step.observation().text(), 3)
 *     .thenApply(notes -> notes.items().isEmpty() ? Decision.act("open a ticket")
 *         : Decision.skip("open a ticket", Decision.Recognition.MEMORY));
 * }</pre>
 *
 * <p>Called only from the owning agent's actor, one step at a time; a reasoner made per agent (by a
 * {@link ReasonerFactory}) may keep per-agent state without locks, one shared by several agents must be
 * thread-safe. A stage completed exceptionally, or an exception thrown here, fails the step and restarts the agent's
 * behavior (the turn is answered as aborted).
 */
@FunctionalInterface
public interface Reasoner {

  CompletionStage<Decision> decide(StepContext context);
}
