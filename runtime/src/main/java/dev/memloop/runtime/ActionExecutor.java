package dev.memloop.runtime;

import dev.memloop.runtime.step.Action;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Runs the actions an agent's guard allowed: user code, called on the agent's thread once per allowed action (and
 * again for each retry of a failed one). It may finish at once (return a completed stage: the step goes on within
 * the same message) or later (the agent waits for the stage without blocking a thread, up to
 * {@code memloop.agent.actions.timeout}). The outcome, done with the executor's output, failed with its error, or
 * timed out, goes into the step's record; the guard remembers an action only once it is done.
 *
 * <pre>{@code
 * ActionExecutor.inline(action -> tickets.open(action.line()));      // microseconds, on the agent's thread
 * ActionExecutor.async(action -> http.send(request(action)).body()); // blocking work, on the action dispatcher
 * (action, dispatcher) -> client.sendAsync(request(action))          // already asynchronous: any stage
 * }</pre>
 *
 * <p>One executor may serve many agents, on many threads at once: keep it stateless or thread-safe.
 */
@FunctionalInterface
public interface ActionExecutor {

  /**
   * Starts {@code action}. A stage completed exceptionally, or an exception thrown here, is a failed attempt.
   *
   * @param dispatcher the agent's action dispatcher ({@code memloop.agent.actions.dispatcher}, never the default
   *     dispatcher, where agents step): run blocking work there
   * @return the action's output (may be null) once it is done
   */
  CompletionStage<String> execute(Action action, Executor dispatcher) throws Exception;

  /** The body of an action run by {@link #inline} or {@link #async}: returns its output (may be null). */
  @FunctionalInterface
  interface Body {
    String run(Action action) throws Exception;
  }

  /**
   * Records the action as done and runs no code: the experiments' executor, where an investigation is its record,
   * and the default when a spec names none.
   */
  ActionExecutor RECORD_ONLY = new ActionExecutor() {
    private final CompletableFuture<String> done = CompletableFuture.completedFuture(null);

    @Override
    public CompletionStage<String> execute(Action action, Executor dispatcher) {
      return done;
    }

    @Override
    public String toString() {
      return "ActionExecutor.RECORD_ONLY";
    }
  };

  /**
   * Runs {@code body} on the agent's own thread, before the step goes on: for work of microseconds (counting,
   * appending to a log, a call on an in-process object). The timeout cannot interrupt it; use {@link #async} for
   * anything that blocks.
   */
  static ActionExecutor inline(Body body) {
    if (body == null) {
      throw new IllegalArgumentException("an inline executor needs a body");
    }
    return (action, dispatcher) -> CompletableFuture.completedFuture(body.run(action));
  }

  /**
   * Runs {@code body} on the action dispatcher, the agent waiting for it without blocking a thread; bounded by
   * {@code memloop.agent.actions.timeout}. For blocking work: a request to a service, a file, a process.
   */
  static ActionExecutor async(Body body) {
    if (body == null) {
      throw new IllegalArgumentException("an async executor needs a body");
    }
    return (action, dispatcher) -> CompletableFuture.supplyAsync(() -> {
      try {
        return body.run(action);
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new java.util.concurrent.CompletionException(e);
      }
    }, dispatcher);
  }
}
