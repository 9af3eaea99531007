package dev.memloop.runtime;

import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A turn's answer as a handle's caller sees it, for every handle (an {@link AgentHandle}, a sharded agent's in
 * memloop-cluster, one of your own that asks an agent with {@code Agent.RunTurn}): the result when the turn was
 * answered, {@link TurnFailedException} when it was aborted, {@link TurnTimeoutException} when no answer came within
 * the ask's timeout; any other failure as it came. Every sender of turns retries through {@link #retried}, so that
 * all handles retry alike.
 */
public final class TurnAnswers {

  private TurnAnswers() {}

  /**
   * {@code asked}'s answer as the caller sees it: the result, or {@link TurnFailedException} (aborted),
   * {@link TurnTimeoutException} (no answer within {@code timeout}), or the failure it came with.
   */
  public static CompletionStage<TurnResult> settle(CompletionStage<TurnResult> asked, String agentId, int turn,
      Duration timeout) {
    return asked.handle((result, failure) -> {
      if (failure != null) {
        Throwable cause = cause(failure);
        throw cause instanceof TimeoutException ? new TurnTimeoutException(agentId, turn, timeout, cause)
            : new CompletionException(cause);
      }
      if (result.aborted()) {
        throw new TurnFailedException(result);
      }
      return result;
    });
  }

  /**
   * A turn asked by {@code ask}, asked again while its answer does not come within the ask's timeout or comes
   * aborted, {@code retries} times at most; {@code onRetry} runs before each retry. The last answer (or timeout) is
   * the turn's. Safe because the agent answers a retry of the same turn from its record or resumes it (see
   * {@code Agent.RunTurn}): every sender of turns retries through here.
   */
  public static CompletionStage<TurnResult> retried(Supplier<CompletionStage<TurnResult>> ask, int retries,
      Runnable onRetry) {
    CompletionStage<TurnResult> answer = ask.get();
    if (retries == 0) {
      return answer;
    }
    return answer.handle((result, failure) -> {
      if (failure == null ? !result.aborted() : !(cause(failure) instanceof TimeoutException)) {
        return answer;
      }
      onRetry.run();
      return retried(ask, retries - 1, onRetry);
    }).thenCompose(next -> next);
  }

  /** The failure a stage completed with, unwrapped from its {@link CompletionException}. */
  public static Throwable cause(Throwable failure) {
    return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
  }
}
