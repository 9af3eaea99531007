package dev.memloop.runtime.internal;

import dev.memloop.runtime.TurnFailedException;
import dev.memloop.runtime.TurnTimeoutException;
import dev.memloop.runtime.step.TurnResult;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;

/**
 * A turn's answer as a handle's caller sees it, for every handle (an agent's in one system, a sharded agent's): the
 * result when the turn was answered, {@link TurnFailedException} when it was aborted, {@link TurnTimeoutException}
 * when no answer came within the ask's timeout; any other failure as it came.
 */
public final class TurnAnswers {

  private TurnAnswers() {}

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

  /** The failure a stage completed with, unwrapped from its {@link CompletionException}. */
  public static Throwable cause(Throwable failure) {
    return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
  }
}
